import path from 'node:path';
import type { AppConfig } from '../../config/app-config';
import { LocalDriver } from './local.driver';
import { LocalSignature, storageSigningKey } from './local-signature';
import type { StorageDriver } from './storage-driver';

/**
 * S3 when S3_BUCKET is set, else the local disk under DATA_DIR/storage (same behaviour, the app signs the URLs).
 * The S3 driver's module, and with it the AWS SDK, is loaded only when S3 is configured.
 */
export async function createStorageDriver(config: AppConfig): Promise<StorageDriver> {
  if (config.s3) {
    const { S3Driver } = await import('./s3.driver.js');
    return new S3Driver(config.s3, config.storageUrlTtlSeconds);
  }
  const signature = new LocalSignature(storageSigningKey(config.jwtSecret));
  return new LocalDriver(
    path.join(config.dataDir, 'storage'),
    signature,
    config.storageUrlTtlSeconds,
    config.storageMinFreeMb * 1024 * 1024,
  );
}
