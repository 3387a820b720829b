import path from 'node:path';
import type { AppConfig } from '../../config/app-config';
import { LocalDriver } from './local.driver';
import { LocalSignature, storageSigningKey } from './local-signature';
import { S3Driver } from './s3.driver';
import type { StorageDriver } from './storage-driver';

/** S3 when S3_BUCKET is set, else the local disk under DATA_DIR/storage (same behaviour, the app signs the URLs). */
export function createStorageDriver(config: AppConfig): StorageDriver {
  if (config.s3) return new S3Driver(config.s3, config.storageUrlTtlSeconds);
  const signature = new LocalSignature(storageSigningKey(config.jwtSecret));
  return new LocalDriver(path.join(config.dataDir, 'storage'), signature, config.storageUrlTtlSeconds);
}
