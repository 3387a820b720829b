import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { BlockingStorage, WindowHits } from './redis-throttler.storage';

type ThrottlerRecord = Awaited<ReturnType<BlockingStorage['increment']>>;

/** After Redis failed to answer while connected (a frozen server), it is asked again only after this long. */
const RETRY_MS = 5000;

/**
 * The counters in Redis, shared by the replicas; while Redis does not answer, this process's own. Sign-in and the
 * route limits go on through a Redis outage with the same limits counted per process (a guesser gets at most the
 * limits times the replicas meanwhile) instead of refusing everyone: a Redis outage must not lock the practice out.
 * Each call asks Redis first while it is connected (a command fails at once while it is not; one that gets no answer
 * fails within REDIS_ANSWER_MS, and Redis is then left alone for RETRY_MS), so the shared counters are back as soon
 * as Redis is; what was counted meanwhile is not carried over.
 */
export class FallbackThrottlerStorage implements BlockingStorage {
  private readonly logger = new Logger('Throttle');
  /** Whether the last call counted in this process: the switch is logged once each way. */
  private local = false;
  /** Until when Redis is not asked (it failed to answer while connected). */
  private quietUntil = 0;

  constructor(
    private readonly redis: Redis,
    private readonly shared: BlockingStorage,
    private readonly own: BlockingStorage,
  ) {}

  increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerRecord> {
    return this.either((s) => s.increment(key, ttl, limit, blockDuration, throttlerName));
  }

  blockedSeconds(key: string, throttlerName: string): Promise<number> {
    return this.either((s) => s.blockedSeconds(key, throttlerName));
  }

  hits(key: string, throttlerName: string): Promise<WindowHits> {
    return this.either((s) => s.hits(key, throttlerName));
  }

  clear(key: string, throttlerName: string): Promise<void> {
    return this.either((s) => s.clear(key, throttlerName));
  }

  mark(key: string, throttlerName: string, ms: number): Promise<void> {
    return this.either((s) => s.mark(key, throttlerName, ms));
  }

  claim(key: string, throttlerName: string, ms: number): Promise<number> {
    return this.either((s) => s.claim(key, throttlerName, ms));
  }

  private async either<T>(call: (storage: BlockingStorage) => Promise<T>): Promise<T> {
    let reason = `not connected (${this.redis.status})`;
    if (this.redis.status === 'ready' && Date.now() >= this.quietUntil) {
      try {
        const answer = await call(this.shared);
        if (this.local) this.logger.log('Redis answers again: the rate limits are counted in Redis again');
        this.local = false;
        return answer;
      } catch (error) {
        reason = (error as Error).message;
        this.quietUntil = Date.now() + RETRY_MS;
      }
    }
    if (!this.local) this.logger.warn(`Redis does not answer (${reason}): the rate limits are counted in this process until it does`);
    this.local = true;
    return call(this.own);
  }
}
