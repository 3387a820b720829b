import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.constants';

/** Injection token of the shared ioredis client, or null when REDIS_URL is unset. */
export const REDIS = Symbol('REDIS');

/**
 * How long a request waits for Redis to answer a command. A request never waits for Redis to come back: while it is
 * not connected a command fails at once (no offline queue), and one that gets no answer fails after this.
 */
export const REDIS_ANSWER_MS = 1000;

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis | null) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis?.quit().catch(() => undefined);
  }
}

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      // ioredis is loaded only with REDIS_URL.
      useFactory: async (config: AppConfig): Promise<Redis | null> => {
        if (!config.redisUrl) return null;
        const { Redis } = await import('ioredis');
        const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: REDIS_ANSWER_MS });
        const logger = new Logger('Redis');
        // Said once when Redis goes away and once when it is back, not at every reconnection attempt.
        let down = false;
        redis.on('error', (error: Error) => {
          if (!down) logger.warn(`Redis does not answer: ${error.message}`);
          down = true;
        });
        redis.on('ready', () => {
          if (down) logger.log('Redis answers again');
          down = false;
        });
        return redis;
      },
    },
    RedisCloser,
  ],
  exports: [REDIS],
})
export class RedisModule {}
