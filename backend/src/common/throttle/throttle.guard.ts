import { Injectable, type ExecutionContext } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail } from '@nestjs/throttler';
import { ThrottledException } from './throttled.exception';

/**
 * The throttler's guard, answering 429 with the standard `Retry-After` header: the library's own names it
 * after the throttler (`Retry-After-login`), which no client reads. Its X-RateLimit-* headers are off. A
 * signed-in caller is counted by user, not by address: one patient's requests do not use up the budget of the
 * others behind the same address.
 */
@Injectable()
export class ApiThrottlerGuard extends ThrottlerGuard {
  protected override getTracker(req: Record<string, unknown>): Promise<string> {
    const user = req.user as { id?: string } | undefined;
    return user?.id ? Promise.resolve(`user:${user.id}`) : super.getTracker(req);
  }

  protected override throwThrottlingException(_context: ExecutionContext, limit: ThrottlerLimitDetail): Promise<void> {
    throw new ThrottledException(limit.timeToBlockExpire);
  }
}
