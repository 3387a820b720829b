import { Global, Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { MSG } from '@consulta/shared';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.constants';
import { REDIS } from '../redis/redis.module';
import { FallbackThrottlerStorage } from './fallback-throttler.storage';
import { RateLimitService } from './rate-limit.service';
import { MemoryThrottlerStorage } from './memory-throttler.storage';
import { RedisThrottlerStorage } from './redis-throttler.storage';
import { SignInLimits } from './sign-in-limits';

/** Name of the throttler that guards the public routes (per client IP and route) and the password change (per user). */
export const LOGIN_THROTTLER = 'login';

/**
 * Rate limits: LOGIN_THROTTLE_LIMIT requests (default 10) per LOGIN_THROTTLE_TTL_SECONDS (default 60) per client
 * IP and route, for every public route `@Endpoint` does not exempt, and per user for the password change
 * (ApiThrottlerGuard). Counters live in Redis when REDIS_URL is set (shared by replicas; in this process while Redis
 * does not answer), in memory otherwise.
 * RateLimitService keeps the limits keyed by something else than the client (an address, a therapist) on the
 * same storage; SignInLimits, the password checks' limits by account.
 */
@Global()
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG, REDIS],
      useFactory: (config: AppConfig, redis: Redis | null) => ({
        throttlers: [{ name: LOGIN_THROTTLER, limit: config.loginThrottle.limit, ttl: config.loginThrottle.ttlMs }],
        errorMessage: MSG.auth.tooManyRequests,
        // ApiThrottlerGuard writes the standard Retry-After; the library's headers carry the throttler's name.
        setHeaders: false,
        storage: redis
          ? new FallbackThrottlerStorage(redis, new RedisThrottlerStorage(redis, config.redisPrefix), new MemoryThrottlerStorage())
          : new MemoryThrottlerStorage(),
      }),
    }),
  ],
  providers: [RateLimitService, SignInLimits],
  exports: [ThrottlerModule, RateLimitService, SignInLimits],
})
export class ThrottleModule {}
