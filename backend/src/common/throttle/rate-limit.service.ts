import { Inject, Injectable } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import { MSG } from '@consulta/shared';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.constants';
import type { BlockingStorage, WindowHits } from './redis-throttler.storage';
import { ThrottledException } from './throttled.exception';

/**
 * Limits keyed by what a request is about rather than only by client IP: the mail-sending routes by address and
 * by client IP, a therapist's taken addresses, the AI assistants by user (and SignInLimits, password checks by
 * account). Uses the throttler's storage: Redis when
 * configured (shared by replicas), memory otherwise.
 */
@Injectable()
export class RateLimitService {
  constructor(
    @Inject(ThrottlerStorage) private readonly storage: BlockingStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Counts one mail-sending request of route `bucket` for `address` (per route) from `clientIp` (one budget for
   * all those routes); 429 once either limit is passed.
   */
  async mail(bucket: string, address: string, clientIp: string): Promise<void> {
    const { perAddress, perClient, ttlMs } = this.config.mailThrottle;
    const refused =
      (await this.count(`mail:${bucket}`, address, perAddress, ttlMs)).refused ??
      (await this.count('mail:client', clientIp, perClient, ttlMs)).refused;
    if (refused) throw refused;
  }

  /**
   * Counts one event of `name` for `key`: the events in the window so far, and, past `limit`, the 429 to throw
   * with `detail` (the key then stays blocked for a window; the caller decides what else to do first).
   */
  async count(
    name: string,
    key: string,
    limit: number,
    ttlMs: number,
    detail?: string,
  ): Promise<{ hits: number; refused: ThrottledException | null }> {
    // The name is part of the key as well: the in-memory storage keeps its block marker per key alone.
    const record = await this.storage.increment(`${name}:${key}`, ttlMs, limit, ttlMs, name);
    const over = record.isBlocked || record.totalHits > limit;
    return {
      hits: record.totalHits,
      refused: over ? new ThrottledException(record.timeToBlockExpire || record.timeToExpire, detail) : null,
    };
  }

  /** 429 while `count` keeps `key` blocked under `name`; counts nothing. */
  async assertNotBlocked(name: string, key: string): Promise<void> {
    const seconds = await this.storage.blockedSeconds(`${name}:${key}`, name);
    if (seconds > 0) throw new ThrottledException(seconds);
  }

  /** The events counted for `key` under `name` in the current window, and the seconds it has left; counts nothing. */
  hits(name: string, key: string): Promise<WindowHits> {
    return this.storage.hits(`${name}:${key}`, name);
  }

  /** Sets the mark of `key` under `name` for `ms`, or extends it. */
  mark(name: string, key: string, ms: number): Promise<void> {
    return this.storage.mark(`${name}:${key}`, name, ms);
  }

  /** The seconds the mark of `key` under `name` has left (0: there is none). */
  marked(name: string, key: string): Promise<number> {
    return this.storage.blockedSeconds(`${name}:${key}`, name);
  }

  /**
   * Takes the mark of `key` under `name` for `ms` when there is none, and answers 0; else the seconds it has left (one
   * event per period, across replicas).
   */
  claim(name: string, key: string, ms: number): Promise<number> {
    return this.storage.claim(`${name}:${key}`, name, ms);
  }

  /** Forgets the events and the block of `key` under `name`. */
  clear(name: string, key: string): Promise<void> {
    return this.storage.clear(`${name}:${key}`, name);
  }

  /** Counts one question to an AI assistant by `userId` (both chat routes share the budget); 429 past the limit. */
  async aiChat(userId: string): Promise<void> {
    const { throttleLimit, throttleTtlMs } = this.config.aiChat;
    const { refused } = await this.count('ai-chat', userId, throttleLimit, throttleTtlMs, MSG.aiChat.tooManyRequests);
    if (refused) throw refused;
  }
}
