import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import { MSG } from '@consulta/shared';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.constants';

/**
 * Limits keyed by what a route is about rather than by route alone: the mail-sending routes by address and by
 * client IP, the AI assistants by user. Uses the throttler's storage: Redis when configured (shared by replicas),
 * memory otherwise.
 */
@Injectable()
export class RateLimitService {
  constructor(
    @Inject(ThrottlerStorage) private readonly storage: ThrottlerStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Counts one mail-sending request of route `bucket` for `address` (per route) from `clientIp` (one budget for
   * all those routes); 429 once either limit is passed.
   */
  async mail(bucket: string, address: string, clientIp: string): Promise<void> {
    const { perAddress, perClient, ttlMs } = this.config.mailThrottle;
    await this.consume(`mail:${bucket}`, address, perAddress, ttlMs);
    await this.consume('mail:client', clientIp, perClient, ttlMs);
  }

  /** Counts one question to an AI assistant by `userId` (both chat routes share the budget); 429 past the limit. */
  async aiChat(userId: string): Promise<void> {
    const { throttleLimit, throttleTtlMs } = this.config.aiChat;
    await this.consume('ai-chat', userId, throttleLimit, throttleTtlMs, MSG.aiChat.tooManyRequests);
  }

  private async consume(name: string, key: string, limit: number, ttlMs: number, message: string = MSG.auth.tooManyRequests): Promise<void> {
    // The name is part of the key as well: the in-memory storage keeps its block marker per key alone.
    const record = await this.storage.increment(`${name}:${key}`, ttlMs, limit, ttlMs, name);
    if (record.isBlocked || record.totalHits > limit) {
      throw new HttpException(message, HttpStatus.TOO_MANY_REQUESTS);
    }
  }
}
