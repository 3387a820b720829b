import { ThrottlerStorageService } from '@nestjs/throttler';
import type { BlockingStorage } from './redis-throttler.storage';

/** The throttler's in-memory storage (one process, no REDIS_URL), able to tell how long a key stays blocked. */
export class MemoryThrottlerStorage extends ThrottlerStorageService implements BlockingStorage {
  blockedSeconds(key: string): Promise<number> {
    const record = this.storage.get(key);
    const left = record?.isBlocked ? record.blockExpiresAt - Date.now() : 0;
    return Promise.resolve(left > 0 ? Math.ceil(left / 1000) : 0);
  }
}
