import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Redis } from 'ioredis';

/** Fixed-window counter plus block marker, in one atomic script, so every replica shares the same counts. */
const SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
local blocked = redis.call('PTTL', KEYS[2])
if blocked <= 0 and hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  blocked = tonumber(ARGV[3])
end
return { hits, ttl, blocked }
`;

type ThrottlerRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * A throttler storage that can also read a key without counting: how long it stays blocked (0: it is not) and
 * its hits in the current window; forget a key (a success that clears earlier failures); and set a key's block
 * itself: `mark` sets it (or extends it) for `ms`, `claim` only when it is not set (answers 0 when it took it, else
 * the seconds the block has left): one event per period, however many ask at once.
 */
export interface BlockingStorage extends ThrottlerStorage {
  blockedSeconds(key: string, throttlerName: string): Promise<number>;
  hits(key: string, throttlerName: string): Promise<WindowHits>;
  clear(key: string, throttlerName: string): Promise<void>;
  mark(key: string, throttlerName: string, ms: number): Promise<void>;
  claim(key: string, throttlerName: string, ms: number): Promise<number>;
}

/** The hits of a key in its current window and the seconds until that window ends (0 and 0 when none). */
export interface WindowHits {
  hits: number;
  seconds: number;
}

export class RedisThrottlerStorage implements BlockingStorage {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private base(key: string, throttlerName: string): string {
    return `${this.prefix}throttle:${throttlerName}:${key}`;
  }

  async blockedSeconds(key: string, throttlerName: string): Promise<number> {
    const ms = await this.redis.pttl(`${this.base(key, throttlerName)}:block`);
    return ms > 0 ? Math.ceil(ms / 1000) : 0;
  }

  async hits(key: string, throttlerName: string): Promise<WindowHits> {
    const hitsKey = `${this.base(key, throttlerName)}:hits`;
    const [[, hits], [, ms]] = (await this.redis.multi().get(hitsKey).pttl(hitsKey).exec()) as [[null, string | null], [null, number]];
    return ms > 0 ? { hits: Number(hits ?? 0), seconds: Math.ceil(ms / 1000) } : { hits: 0, seconds: 0 };
  }

  async clear(key: string, throttlerName: string): Promise<void> {
    const base = this.base(key, throttlerName);
    await this.redis.del(`${base}:hits`, `${base}:block`);
  }

  async mark(key: string, throttlerName: string, ms: number): Promise<void> {
    await this.redis.set(`${this.base(key, throttlerName)}:block`, '1', 'PX', ms);
  }

  async claim(key: string, throttlerName: string, ms: number): Promise<number> {
    const block = `${this.base(key, throttlerName)}:block`;
    const [[, taken], [, left]] = (await this.redis.multi().set(block, '1', 'PX', ms, 'NX').pttl(block).exec()) as [
      [null, string | null],
      [null, number],
    ];
    return taken === 'OK' ? 0 : Math.max(1, Math.ceil(left / 1000));
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerRecord> {
    const base = this.base(key, throttlerName);
    const [hits, ttlMs, blockedMs] = (await this.redis.eval(SCRIPT, 2, `${base}:hits`, `${base}:block`, ttl, limit, blockDuration)) as [
      number,
      number,
      number,
    ];
    const isBlocked = blockedMs > 0;
    return {
      totalHits: hits,
      timeToExpire: Math.max(0, Math.ceil(ttlMs / 1000)),
      isBlocked,
      timeToBlockExpire: isBlocked ? Math.ceil(blockedMs / 1000) : 0,
    };
  }
}
