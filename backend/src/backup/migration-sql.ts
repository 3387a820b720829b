import type { MigrationObject } from '@mikro-orm/core';
import { DERIVED_TABLES } from './archive-tables';

/**
 * The statements of a migration's `up`, as the migrator runs them: our migrations only add SQL (no query of their
 * own, no `down`), so a restore can run them inside its own transaction.
 */
export async function migrationStatements(migration: MigrationObject): Promise<string[]> {
  const instance = new migration.class(undefined, undefined);
  await instance.up();
  const statements = instance.getQueries?.() ?? [];
  for (const statement of statements)
    if (typeof statement !== 'string') throw new Error(`${migration.name} adds a statement that is not SQL text`);
  return statements as string[];
}

/** What an archive of a given schema may hold, by this version's migrations. */
export interface SchemaRules {
  /** Every migration this version knows, in order. */
  migrations: string[];
  /** The tables an archive taken at `migration` (one this version knows) holds: those of its schema, less the derived. */
  tablesAt(migration: string): ReadonlySet<string>;
}

const CREATE = /^\s*create table (?:if not exists )?"([^"]+)"/i;
const DROP = /^\s*drop table (?:if exists )?"([^"]+)"/i;
const RENAME = /^\s*alter table "([^"]+)" rename to "([^"]+)"/i;

/** The tables each migration leaves, read from the statements it adds (the restore checks them again against the schema it builds). */
export async function schemaRules(migrations: MigrationObject[]): Promise<SchemaRules> {
  const tables = new Set<string>();
  const at = new Map<string, ReadonlySet<string>>();
  for (const migration of migrations) {
    for (const statement of await migrationStatements(migration)) {
      const created = CREATE.exec(statement)?.[1];
      const dropped = DROP.exec(statement)?.[1];
      const renamed = RENAME.exec(statement);
      if (created) tables.add(created);
      if (dropped) tables.delete(dropped);
      if (renamed && tables.delete(renamed[1])) tables.add(renamed[2]);
    }
    at.set(migration.name, new Set([...tables].filter((t) => !DERIVED_TABLES.has(t))));
  }
  return {
    migrations: migrations.map((m) => m.name),
    tablesAt: (migration) => at.get(migration) ?? new Set(),
  };
}
