import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { createStorageDriver } from './drivers/storage-driver.factory';
import { STORAGE_DRIVER } from './drivers/storage-driver';
import type { FileReference } from './file-reference';
import { FileUses } from './file-uses';
import { StoredFiles } from './stored-files.service';

/**
 * The configured storage driver and StoredFiles, for every domain that keeps files (global: no import cycles). The
 * records that refer to files are given at composition (`forRoot(FILE_REFERENCES)`, files/file-references.ts), so
 * storage knows no domain.
 */
@Global()
@Module({})
export class StorageModule {
  static forRoot(references: readonly FileReference[]): DynamicModule {
    return {
      module: StorageModule,
      providers: [
        { provide: STORAGE_DRIVER, useFactory: (config: AppConfig) => createStorageDriver(config), inject: [APP_CONFIG] },
        { provide: FileUses, useValue: new FileUses(references) },
        StoredFiles,
      ],
      exports: [STORAGE_DRIVER, StoredFiles],
    };
  }
}
