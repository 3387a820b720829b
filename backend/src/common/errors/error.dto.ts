import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ERROR_CODES, type ErrorBody, type ErrorCode } from '@consulta/shared';

/**
 * Every error answer: `{ "detail": "...", "code": "...", "request_id": "..." }` (validation errors also list each
 * message in `errors`).
 */
export class ErrorDto implements ErrorBody {
  /** Human-readable reason, in Spanish. */
  detail: string;
  /** Stable machine-readable reason: programs branch on it, never on `detail`. */
  @ApiProperty({ enum: Object.values(ERROR_CODES) })
  code: ErrorCode;
  /** Each validation message, when there were several. */
  errors?: string[];
  /** A validation failure: each field at fault (the property name) and its first message. */
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { telefono: 'El campo telefono es demasiado largo (máximo 30 caracteres)' },
  })
  campos?: Record<string, string>;
  /** The request's id (also its X-Request-Id header): the `request_id` of its log lines. */
  request_id: string;
}

/**
 * The body of every HttpException the app throws, with its code: `new ConflictException(problem(MSG.drafts.busy,
 * 'DRAFT_BUSY'))`; `errors` lists each message of a validation failure.
 */
export const problem = (detail: string, code: ErrorCode, errors?: string[]): { detail: string; code: ErrorCode; errors?: string[] } =>
  errors ? { detail, code, errors } : { detail, code };
