import path from 'node:path';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import type { Options } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { PgliteDriver } from '@mikro-orm/pglite';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { SeedManager } from '@mikro-orm/seeder';
import type { AppConfig } from '../config/app-config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/**
 * MikroORM options for both modes: PostgreSQL when DATABASE_URL is set, otherwise PGlite (PostgreSQL in WASM)
 * with its cluster under DATA_DIR/pgdata. Same entities, same dialect, same migrations.
 */
export function ormOptions(config: AppConfig): Partial<Options> {
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
    return { ...common, driver: PgliteDriver, dbName: path.join(config.dataDir, 'pgdata') };
  }
  return { ...common, driver: PostgreSqlDriver, clientUrl: config.databaseUrl ?? undefined, pool: { min: 0, max: 10 } };
}
