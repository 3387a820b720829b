import type { MigrationObject } from '@mikro-orm/core';
import { ArchiveError, type ArchiveHeader, type ArchiveManifest } from './archive-format';
import type { ArchiveItem } from './archive-reader';
import { DERIVED_TABLES, MIGRATIONS_TABLE } from './archive-tables';
import { DROP_SCHEMA_SQL, RESET_SEQUENCES_SQL, type TableLoader } from './database-copy';
import { migrationStatements } from './migration-sql';
import { ROWS_LOADED_SQL } from './restore-marker';

export interface LoadedRows {
  /** The first item after the rows (a file, or the end). */
  next: IteratorResult<ArchiveItem>;
  /** Migrations applied after loading. */
  upgraded: string[];
}

type RowsItem = IteratorYieldResult<Extract<ArchiveItem, { kind: 'rows' }>>;
const isRows = (item: IteratorResult<ArchiveItem>): item is RowsItem => !item.done && item.value.kind === 'rows';

/**
 * Inside the load's one transaction: drops what the installation holds, builds exactly the archive's schema with this
 * version's own migrations, checks it is the schema the archive's tables come from, loads every table and compares
 * what the database loaded with the manifest, then migrates to this version and records that the rows are in.
 */
export async function loadRows(
  loader: TableLoader,
  items: AsyncIterator<ArchiveItem>,
  header: ArchiveHeader,
  manifest: ArchiveManifest,
  migrations: MigrationObject[],
): Promise<LoadedRows> {
  const at = migrations.findIndex((m) => m.name === header.migration);
  await loader.script(DROP_SCHEMA_SQL);
  for (const migration of migrations.slice(0, at + 1)) await applyMigration(loader, migration);
  await sameTables(loader, header);

  let next = await items.next();
  while (isRows(next)) {
    const { table, columns } = next.value;
    async function* pieces(): AsyncGenerator<Buffer> {
      while (isRows(next) && next.value.table === table) {
        yield next.value.rows;
        next = await items.next();
      }
    }
    const loaded = await loader.copyIn(table, columns, pieces());
    const expected = manifest.tables.find((t) => t.name === table)?.rows;
    if (loaded !== expected)
      throw new ArchiveError(`The database loaded ${loaded} rows of ${table}, where the archive's manifest says ${expected}`);
  }
  if (manifest.gone.length > 0) await loader.execute(`delete from stored_files where key = any($1)`, [manifest.gone]);
  // Uploads in progress at the snapshot have no object: their browser starts again.
  await loader.execute(`delete from stored_files where upload_id is not null`);
  await loader.execute(RESET_SEQUENCES_SQL);

  const upgraded = migrations.slice(at + 1);
  for (const migration of upgraded) await applyMigration(loader, migration);
  await loader.execute(ROWS_LOADED_SQL);
  return { next, upgraded: upgraded.map((m) => m.name) };
}

async function applyMigration(loader: TableLoader, migration: MigrationObject): Promise<void> {
  for (const statement of await migrationStatements(migration)) await loader.script(statement);
  await loader.execute(`insert into ${MIGRATIONS_TABLE} (name) values ($1)`, [migration.name]);
}

/** The archive's tables and columns are those of the schema just built (less the derived tables), no more, no less. */
async function sameTables(loader: TableLoader, header: ArchiveHeader): Promise<void> {
  const built = new Map((await loader.tables()).filter((t) => !DERIVED_TABLES.has(t.name)).map((t) => [t.name, t.columns]));
  const problems: string[] = [];
  for (const table of header.tables) {
    const columns = built.get(table.name);
    if (!columns) problems.push(`${table.name} is not a table of that schema`);
    else if ([...columns].sort().join() !== [...table.columns].sort().join()) problems.push(`${table.name} has other columns`);
    built.delete(table.name);
  }
  for (const name of built.keys()) problems.push(`${name} is missing`);
  if (problems.length > 0)
    throw new ArchiveError(`The archive's tables are not those of its schema ${header.migration}: ${problems.join('; ')}`);
}
