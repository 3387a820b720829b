import type { Readable } from 'node:stream';
import { databaseCopyOf } from '../backup/installation';
import { schemaRules } from '../backup/migration-sql';
import { restoreArchive, verifyArchive, type RestoreRequest, type RestoreSummary } from '../backup/restore';
import type { AppConfig } from '../config/app-config';
import { MIGRATIONS } from '../database/migrations';
import { LocalDriver } from '../storage/drivers/local.driver';
import { createStorageDriver } from '../storage/drivers/storage-driver.factory';
import { withRestoreTarget } from './database';

/** Restores the archive `open` reads into this installation, after checking it whole before the installation is even opened. */
export async function restoreInto(config: AppConfig, open: () => Promise<Readable>, request: RestoreRequest): Promise<RestoreSummary> {
  // A damaged archive, or one of a newer schema (refused at its header, the first thing read), changes nothing.
  const verified = await verifyArchive(open, await schemaRules(MIGRATIONS));
  return withRestoreTarget(config, async (orm) => {
    const store = await createStorageDriver(config);
    return restoreArchive(
      open,
      verified,
      {
        database: await databaseCopyOf(config, orm),
        store,
        em: orm.em,
        migrations: MIGRATIONS,
        ensureMigrationsTable: async () => void (await orm.migrator.getExecuted()),
        // The embedded mode's store is this process's alone while it holds DATA_DIR's lock: every temporary is debris.
        removeStoreTemps: async () => {
          if (config.embedded && store instanceof LocalDriver) await store.removeTemporaries(new Date());
        },
      },
      request,
    );
  });
}
