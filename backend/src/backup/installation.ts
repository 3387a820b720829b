import type { MikroORM } from '@mikro-orm/core';
import type { PgliteConnection } from '@mikro-orm/pglite';
import type { AppConfig } from '../config/app-config';
import type { StorageDriver } from '../storage/drivers/storage-driver';
import type { Installation } from './backup-writer';
import type { DatabaseCopy } from './database-copy';

/**
 * The configured database as backup and restore copy it: PostgreSQL by its URL, or the ORM's embedded engine. Each
 * mode loads only its own engine's client.
 */
export async function databaseCopyOf(config: AppConfig, orm: MikroORM): Promise<DatabaseCopy> {
  if (!config.embedded) return (await import('./postgres-copy.js')).postgresCopy(config.databaseUrl!);
  const connection = orm.em.getConnection() as unknown as PgliteConnection;
  return (await import('./pglite-copy.js')).pgliteCopy(await connection.getNativeClient());
}

export async function installationOf(config: AppConfig, orm: MikroORM, store: StorageDriver): Promise<Installation> {
  return { database: await databaseCopyOf(config, orm), store };
}
