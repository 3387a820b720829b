import { Global, Module } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { createStorageDriver } from './drivers/storage-driver.factory';
import { STORAGE_DRIVER } from './drivers/storage-driver';
import { StoredFiles } from './stored-files.service';

/** The configured storage driver and StoredFiles, for every domain that keeps files (global: no import cycles). */
@Global()
@Module({
  providers: [
    { provide: STORAGE_DRIVER, useFactory: (config: AppConfig) => createStorageDriver(config), inject: [APP_CONFIG] },
    StoredFiles,
  ],
  exports: [STORAGE_DRIVER, StoredFiles],
})
export class StorageModule {}
