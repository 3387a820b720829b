import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger, NotFoundException } from '@nestjs/common';
import { defaultErrorCode, MSG, type ErrorBody, type ErrorCode } from '@consulta/shared';
import type { Response } from 'express';
import { loggableError } from '../logging/loggable-error';
import { requestIdOf } from '../logging/request-logging';
import { asUnavailable } from './unavailable';

interface BodyParserError {
  type?: string;
  status?: number;
}

/**
 * Turns every error into `{ detail, code, request_id }` with the right status; an error that says the database (or
 * another peer) cannot be reached answers 503 with Retry-After; other unknown errors are logged (with the request's
 * id) and answer 500.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    sendError(host.switchToHttp().getResponse<Response>(), exception, this.logger);
  }
}

/** An error answer stays small whatever the request was: messages may quote what was sent. */
const MAX_DETAIL = 1000;
const MAX_ERRORS = 20;
/** A field's message is shown under the field: shorter still. */
const MAX_FIELD_MESSAGE = 300;

/** At most `max` characters, '…' marking a cut (never inside a surrogate pair). */
function clip(text: string, max = MAX_DETAIL): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 2]) ? max - 2 : max - 1;
  return `${text.slice(0, end)}…`;
}

/** Writes the `{ detail, code, request_id }` answer for any error (also used for errors raised by Express middleware). */
export function sendError(res: Response, thrown: unknown, logger: Logger): void {
  const requestId = requestIdOf(res.req);
  const exception = asUnavailable(thrown, logger, requestId) ?? thrown;
  const { status, body } = describe(exception, logger, requestId);
  if (res.headersSent) return;
  const answer: ErrorBody = { detail: clip(body.detail), code: body.code ?? defaultErrorCode(status) };
  if (body.errors) answer.errors = body.errors.slice(0, MAX_ERRORS).map((e) => clip(String(e)));
  if (body.conflictos) answer.conflictos = body.conflictos;
  if (body.campos) answer.campos = body.campos;
  if (requestId) answer.request_id = requestId;
  // A 429 (ThrottledException) or a 503 (DependencyUnavailable) says when to ask again.
  const retryAfter = (exception as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  if (typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
  res.status(status).json(answer);
}

type Described = { status: number; body: Pick<ErrorBody, 'detail' | 'errors' | 'conflictos' | 'campos'> & { code?: ErrorCode } };

/** A validation failure's fields (property → message), kept only as strings and clipped like the rest. */
function camposOf(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, message]) => typeof message === 'string')
    .slice(0, MAX_ERRORS)
    .map(([field, message]) => [clip(field, MAX_FIELD_MESSAGE), clip(message as string, MAX_FIELD_MESSAGE)]);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

function describe(exception: unknown, logger: Logger, requestId: string | undefined): Described {
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    if (exception instanceof NotFoundException && /^Cannot [A-Z]+ /.test(exception.message)) {
      return { status, body: { detail: MSG.common.notFound } };
    }
    // The router's own English message for a path like /pacientes/%ZZ.
    if (/^Failed to decode param /.test(exception.message)) return { status, body: { detail: MSG.common.badPath } };
    if (typeof response === 'string') return { status, body: { detail: response } };
    const obj = response as {
      detail?: unknown;
      message?: unknown;
      errors?: unknown;
      code?: unknown;
      conflictos?: unknown;
      campos?: unknown;
    };
    if (typeof obj.detail === 'string') {
      const code = typeof obj.code === 'string' ? (obj.code as ErrorCode) : undefined;
      const errors = Array.isArray(obj.errors) ? (obj.errors as string[]) : undefined;
      const conflictos = Array.isArray(obj.conflictos) ? (obj.conflictos as ErrorBody['conflictos']) : undefined;
      return { status, body: { detail: obj.detail, code, errors, conflictos, campos: camposOf(obj.campos) } };
    }
    const message = Array.isArray(obj.message) ? obj.message.join('. ') : String(obj.message ?? exception.message);
    return { status, body: { detail: message } };
  }
  const parserError = exception as BodyParserError;
  if (parserError?.type === 'entity.parse.failed') {
    return { status: HttpStatus.BAD_REQUEST, body: { detail: MSG.common.invalidJson } };
  }
  if (parserError?.type === 'entity.too.large') {
    return { status: HttpStatus.PAYLOAD_TOO_LARGE, body: { detail: MSG.common.tooLarge } };
  }
  if (typeof parserError?.status === 'number' && parserError.status >= 400 && parserError.status < 500) {
    return { status: parserError.status, body: { detail: MSG.common.badRequest } };
  }
  logger.error({ request_id: requestId, error: loggableError(exception) });
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { detail: MSG.common.internal } };
}
