import type { EntityManager, IMigrator } from '@mikro-orm/core';

/** The parts of a MikroORM instance that migrating needs (either driver). */
export interface Migratable {
  em: EntityManager;
  migrator: IMigrator;
}

/** Arbitrary constant: the advisory lock that keeps replicas starting together from migrating at once. */
const MIGRATION_LOCK = 7_341_902;

/**
 * Applies pending migrations in one transaction. On PostgreSQL an advisory lock serializes replicas that start
 * together; PGlite (single process, single connection) needs no lock and must not nest the migrator's own
 * queries inside an outer transaction. Returns the names applied.
 */
export async function migrate(orm: Migratable, options: { embedded: boolean }): Promise<string[]> {
  if (options.embedded) return (await orm.migrator.up()).map((m) => m.name);
  const em = orm.em.fork();
  const applied = await em.transactional(async (tx) => {
    await tx.getConnection().execute(`select pg_advisory_xact_lock(${MIGRATION_LOCK})`, [], 'all', tx.getTransactionContext());
    return orm.migrator.up({ transaction: tx.getTransactionContext() });
  });
  return applied.map((m) => m.name);
}
