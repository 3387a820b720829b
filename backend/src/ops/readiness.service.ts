import { Inject, Injectable } from '@nestjs/common';
import { HealthCheckService, HealthIndicatorService, MikroOrmHealthIndicator, type HealthCheckResult } from '@nestjs/terminus';
import type { Redis } from 'ioredis';
import { REDIS } from '../common/redis/redis.module';
import { STORAGE_DRIVER, type StorageDriver } from '../storage/drivers/storage-driver';

/** Each check's limit: a probe must answer before the orchestrator's own timeout, whatever hangs behind it. */
export const CHECK_TIMEOUT_MS = 2000;

/**
 * Whether this replica can serve: PostgreSQL (or the embedded PGlite) answers `select 1`, Redis answers PING
 * (only with REDIS_URL), the storage driver can be used (S3: HeadBucket; local: the folder is writable).
 */
@Injectable()
export class ReadinessService {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: MikroOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(STORAGE_DRIVER) private readonly storage: StorageDriver,
  ) {}

  /** Terminus' result; `status` is 'error' when a dependency is down (it never throws for that). */
  async check(): Promise<HealthCheckResult> {
    const redis = this.redis;
    try {
      return await this.health.check([
        () => this.database.pingCheck('database', { timeout: CHECK_TIMEOUT_MS }),
        ...(redis
          ? [
              () =>
                this.indicators
                  .check('redis')
                  .attempt(() => ping(redis))
                  .withTimeout(CHECK_TIMEOUT_MS),
            ]
          : []),
        () =>
          this.indicators
            .check('storage')
            .attempt(({ signal }) => this.storage.ready(signal))
            .withTimeout(CHECK_TIMEOUT_MS),
      ]);
    } catch (error) {
      // Terminus throws a 503 carrying the result when a check is down.
      const result = (error as { getResponse?: () => unknown }).getResponse?.() as HealthCheckResult | undefined;
      if (result?.status === 'error') return result;
      throw error;
    }
  }
}

/** A client that is not connected is down at once: its offline queue would hold the PING until the timeout. */
async function ping(redis: Redis): Promise<void> {
  if (redis.status !== 'ready') throw new Error(`not connected (${redis.status})`);
  await redis.ping();
}
