import { MikroORM } from '@mikro-orm/core';
import type { AppConfig } from '../config/app-config';
import { lockDataDir } from '../database/data-dir-lock';
import { migrate } from '../database/migrate';
import { ormOptions } from '../database/orm-options';

/** Opens the app's database (same configuration), applies pending migrations, runs `work`, closes. */
export async function withDatabase<T>(config: AppConfig, work: (orm: MikroORM) => Promise<T>, applyMigrations = true): Promise<T> {
  if (config.embedded) lockDataDir(config.dataDir, 'cli');
  const orm = await MikroORM.init(await ormOptions(config));
  try {
    if (applyMigrations) await migrate(orm, { embedded: config.embedded });
    return await work(orm);
  } finally {
    await orm.close(true);
  }
}
