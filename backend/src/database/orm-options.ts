import path from 'node:path';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import type { Options } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { SeedManager } from '@mikro-orm/seeder';
import type { AppConfig } from '../config/app-config';
import { createEmbeddedCluster } from './embedded-cluster';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/**
 * PGlite's buffer cache (initdb writes 128MB into postgresql.conf). Its shared memory lives in the WASM heap, which
 * never shrinks, and PGlite touches all of it at start: each MB is a MB of RSS. Pages it does not hold are read
 * from the OS page cache, as an embedded database does (SQLite's own cache is 2 MB).
 */
const EMBEDDED_SHARED_BUFFERS = '8MB';

/**
 * MikroORM options for both modes: PostgreSQL when DATABASE_URL is set, otherwise PGlite (PostgreSQL in WASM)
 * with its cluster under DATA_DIR/pgdata (created first when there is none). Same entities, same dialect, same
 * migrations. Only the mode's driver is loaded: PGlite in server mode, or pg in embedded mode, is memory for nothing.
 */
export async function ormOptions(config: AppConfig): Promise<Partial<Options>> {
  const common: Partial<Options> = {
    entities: ENTITIES,
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator, SeedManager],
    migrations: {
      migrationsList: MIGRATIONS,
      snapshot: false,
      snapshotOnMigrate: false,
      transactional: true,
      allOrNothing: true,
      silent: true,
    },
    allowGlobalContext: false,
    debug: false,
  };
  if (config.embedded) {
    const pgdata = path.join(config.dataDir, 'pgdata');
    await createEmbeddedCluster(pgdata);
    const [{ PgliteDriver }, { PGlite }] = await Promise.all([import('@mikro-orm/pglite'), import('@electric-sql/pglite')]);
    const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`];
    return { ...common, driver: PgliteDriver, dbName: pgdata, driverOptions: { startParams } };
  }
  const { PostgreSqlDriver } = await import('@mikro-orm/postgresql');
  return { ...common, driver: PostgreSqlDriver, clientUrl: config.databaseUrl ?? undefined, pool: { min: 0, max: 10 } };
}
