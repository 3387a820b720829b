import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { ERROR_CODES, type ErrorCode } from '@consulta/shared';

const DEPENDENCIES: ApiPropertyOptions = {
  type: 'object',
  description: 'Por dependencia (database, redis, storage): `status` up o down y, si falló, `message`.',
  additionalProperties: {
    type: 'object',
    properties: { status: { type: 'string', enum: ['up', 'down'] }, message: { type: 'string' } },
    required: ['status'],
  },
};

/** GET /health: the process answers. */
export class LivenessDto {
  @ApiProperty({ enum: ['ok'] })
  status: 'ok';
}

/** GET /health/ready: each dependency checked now (terminus' result). */
export class ReadinessDto {
  @ApiProperty({ enum: ['ok', 'error'] })
  status: 'ok' | 'error';
  @ApiProperty({ ...DEPENDENCIES, description: 'Las dependencias que responden.' })
  info: Record<string, { status: string; message?: string }>;
  @ApiProperty({ ...DEPENDENCIES, description: 'Las dependencias que no responden.' })
  error: Record<string, { status: string; message?: string }>;
  @ApiProperty(DEPENDENCIES)
  details: Record<string, { status: string; message?: string }>;
}

/** 503 of GET /health/ready: an error answer (`detail`, `code`, `request_id`) with the same result. */
export class ReadinessFailureDto extends ReadinessDto {
  /** Which dependencies are down, e.g. 'No disponible: redis'. */
  detail: string;
  @ApiProperty({ enum: [ERROR_CODES.UNAVAILABLE] })
  code: ErrorCode;
  /** The request's id (X-Request-Id), as in the log lines. */
  request_id: string;
}
