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

/** A throttler storage that can also tell, without counting, how long a key stays blocked (0: it is not). */
export interface BlockingStorage extends ThrottlerStorage {
  blockedSeconds(key: string, throttlerName: string): Promise<number>;
}

export class RedisThrottlerStorage implements BlockingStorage {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async blockedSeconds(key: string, throttlerName: string): Promise<number> {
    const ms = await this.redis.pttl(`${this.prefix}throttle:${throttlerName}:${key}:block`);
    return ms > 0 ? Math.ceil(ms / 1000) : 0;
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerRecord> {
    const base = `${this.prefix}throttle:${throttlerName}:${key}`;
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
