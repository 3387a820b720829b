import { Global, Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { MSG } from '@consulta/shared';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.constants';
import { REDIS } from '../redis/redis.module';
import { RateLimitService } from './rate-limit.service';
import { RedisThrottlerStorage } from './redis-throttler.storage';

/** Name of the throttler that guards the sign-in routes (per client IP and route). */
export const LOGIN_THROTTLER = 'login';

/**
 * Rate limits for the sign-in routes: LOGIN_THROTTLE_LIMIT requests (default 10) per LOGIN_THROTTLE_TTL_SECONDS
 * (default 60) per client IP and route. Counters live in Redis when REDIS_URL is set (shared by replicas),
 * in memory otherwise. Routes opt in with @UseGuards(ThrottlerGuard). RateLimitService keys the mail-sending
 * routes' limits by address as well as by client, on the same storage.
 */
@Global()
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG, REDIS],
      useFactory: (config: AppConfig, redis: Redis | null) => ({
        throttlers: [{ name: LOGIN_THROTTLER, limit: config.loginThrottle.limit, ttl: config.loginThrottle.ttlMs }],
        errorMessage: MSG.auth.tooManyRequests,
        ...(redis ? { storage: new RedisThrottlerStorage(redis, config.redisPrefix) } : {}),
      }),
    }),
  ],
  providers: [RateLimitService],
  exports: [ThrottlerModule, RateLimitService],
})
export class ThrottleModule {}
