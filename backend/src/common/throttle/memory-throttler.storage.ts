import type { BlockingStorage, WindowHits } from './redis-throttler.storage';

type ThrottlerRecord = Awaited<ReturnType<BlockingStorage['increment']>>;

interface Counter {
  hits: number;
  /** When the window of `hits` ends (ms since the epoch). */
  resetAt: number;
  /** 0 when not blocked. */
  blockedUntil: number;
}

const SWEEP_MS = 60_000;
const seconds = (ms: number): number => (ms > 0 ? Math.ceil(ms / 1000) : 0);

/**
 * The counters in this process (one process, no REDIS_URL), with the Redis storage's semantics: a fixed window
 * per key that starts with its first hit, and a block marker set once the hits pass the limit.
 */
export class MemoryThrottlerStorage implements BlockingStorage {
  private readonly counters = new Map<string, Counter>();

  constructor() {
    // Ended windows are forgotten once a minute, so the map holds only the keys counted lately.
    setInterval(() => {
      const now = Date.now();
      for (const [key, c] of this.counters) if (c.resetAt <= now && c.blockedUntil <= now) this.counters.delete(key);
    }, SWEEP_MS).unref();
  }

  private live(key: string, throttlerName: string): Counter | undefined {
    const counter = this.counters.get(`${throttlerName}:${key}`);
    if (counter && counter.resetAt <= Date.now()) counter.hits = 0;
    return counter;
  }

  /** The key's counter, made when there is none. */
  private counter(key: string, throttlerName: string): Counter {
    let counter = this.live(key, throttlerName);
    if (!counter) {
      counter = { hits: 0, resetAt: 0, blockedUntil: 0 };
      this.counters.set(`${throttlerName}:${key}`, counter);
    }
    return counter;
  }

  blockedSeconds(key: string, throttlerName: string): Promise<number> {
    return Promise.resolve(seconds((this.live(key, throttlerName)?.blockedUntil ?? 0) - Date.now()));
  }

  hits(key: string, throttlerName: string): Promise<WindowHits> {
    const counter = this.live(key, throttlerName);
    return Promise.resolve(
      counter?.hits ? { hits: counter.hits, seconds: seconds(counter.resetAt - Date.now()) } : { hits: 0, seconds: 0 },
    );
  }

  clear(key: string, throttlerName: string): Promise<void> {
    this.counters.delete(`${throttlerName}:${key}`);
    return Promise.resolve();
  }

  mark(key: string, throttlerName: string, ms: number): Promise<void> {
    this.counter(key, throttlerName).blockedUntil = Date.now() + ms;
    return Promise.resolve();
  }

  claim(key: string, throttlerName: string, ms: number): Promise<number> {
    const counter = this.counter(key, throttlerName);
    const now = Date.now();
    if (counter.blockedUntil > now) return Promise.resolve(seconds(counter.blockedUntil - now));
    counter.blockedUntil = now + ms;
    return Promise.resolve(0);
  }

  increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerRecord> {
    const now = Date.now();
    const counter = this.counter(key, throttlerName);
    if (counter.hits === 0) counter.resetAt = now + ttl;
    counter.hits += 1;
    if (counter.blockedUntil <= now && counter.hits > limit) counter.blockedUntil = now + blockDuration;
    const isBlocked = counter.blockedUntil > now;
    return Promise.resolve({
      totalHits: counter.hits,
      timeToExpire: seconds(counter.resetAt - now),
      isBlocked,
      timeToBlockExpire: isBlocked ? seconds(counter.blockedUntil - now) : 0,
    });
  }
}
