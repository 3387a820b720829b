import { MikroORM } from '@mikro-orm/core';
import { refuseWhileRestoring } from '../backup/restore-marker';
import type { AppConfig } from '../config/app-config';
import { lockDataDir } from '../database/data-dir-lock';
import { migrate } from '../database/migrate';
import { ormOptions } from '../database/orm-options';

/**
 * Opens the app's database (same configuration), applies pending migrations, runs `work`, closes. Refused while a
 * restore into it has not finished (only the restore goes on: withRestoreTarget).
 */
export async function withDatabase<T>(config: AppConfig, work: (orm: MikroORM) => Promise<T>, applyMigrations = true): Promise<T> {
  return opened(config, async (orm) => {
    await refuseWhileRestoring(orm.em);
    if (applyMigrations) await migrate(orm, { embedded: config.embedded });
    return work(orm);
  });
}

/** The database a restore writes into: as it is, marked or not, never migrated first. */
export const withRestoreTarget = <T>(config: AppConfig, work: (orm: MikroORM) => Promise<T>): Promise<T> => opened(config, work);

async function opened<T>(config: AppConfig, work: (orm: MikroORM) => Promise<T>): Promise<T> {
  if (config.embedded) lockDataDir(config.dataDir, 'cli');
  const orm = await MikroORM.init(await ormOptions(config));
  try {
    return await work(orm);
  } finally {
    await orm.close(true);
  }
}
