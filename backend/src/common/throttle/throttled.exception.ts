import { HttpException, HttpStatus } from '@nestjs/common';
import { MSG } from '@consulta/shared';
import { problem } from '../errors/error.dto';

/** 429 with the standard `Retry-After` header (seconds), which the error filter writes. */
export class ThrottledException extends HttpException {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number, detail: string = MSG.auth.tooManyRequests) {
    super(problem(detail, 'THROTTLED'), HttpStatus.TOO_MANY_REQUESTS);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}
