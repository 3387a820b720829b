import { Injectable, type ExecutionContext } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail } from '@nestjs/throttler';
import { ThrottledException } from './throttled.exception';

/**
 * The throttler's guard, answering 429 with the standard `Retry-After` header: the library's own names it
 * after the throttler (`Retry-After-login`), which no client reads. Its X-RateLimit-* headers are off.
 */
@Injectable()
export class ApiThrottlerGuard extends ThrottlerGuard {
  protected override throwThrottlingException(_context: ExecutionContext, limit: ThrottlerLimitDetail): Promise<void> {
    throw new ThrottledException(limit.timeToBlockExpire);
  }
}
