import type { DatabaseEngine } from './archive-format';
import { MIGRATIONS_TABLE, RESTORE_MARKER_TABLE } from './archive-tables';

/** A table as COPY sees it: its name, the columns to copy (generated ones excluded) and its primary key. */
export interface TableInfo {
  name: string;
  columns: string[];
  primaryKey: string[];
}

/** A foreign key between two tables (a row of FOREIGN_KEYS_SQL): `child` refers to `parent`. */
export interface ForeignKey {
  child: string;
  parent: string;
}

/** Reads inside one consistent snapshot (a repeatable-read, read-only transaction). */
export interface SnapshotReader {
  /** The last migration applied. */
  migration(): Promise<string>;
  /** Every table of the app's schema except the bookkeeping (the migrations', a restore's marker). */
  tables(): Promise<TableInfo[]>;
  /** Which table refers to which. */
  foreignKeys(): Promise<ForeignKey[]>;
  /** The table's rows in COPY text format (chunks of any size). */
  copyOut(table: TableInfo): AsyncIterable<Buffer>;
  /** Any other read, in the same snapshot. */
  query<T>(sql: string): Promise<T[]>;
}

/** Writes inside one transaction: the schema (a migration's statements), then the rows. */
export interface TableLoader {
  tables(): Promise<TableInfo[]>;
  /**
   * Rows in COPY text format (`columns` in their order), appended to the table with the app's own triggers off (the
   * rows carry what they computed: a patient's session totals, ...). Answers how many rows the database loaded.
   */
  copyIn(table: string, columns: string[], rows: AsyncIterable<Buffer>): Promise<number>;
  execute(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  /** Statements without parameters, several at once (a migration's). */
  script(sql: string): Promise<void>;
}

/** One of the two engines, as backup and restore use it. */
export interface DatabaseCopy {
  readonly engine: DatabaseEngine;
  /** Runs `work` in one snapshot: every read sees the database as it was at one instant. */
  snapshot<T>(work: (reader: SnapshotReader) => Promise<T>): Promise<T>;
  /**
   * Runs `work` while no stored file is deleted, in this process or any other (see fileDeletionsPaused): a backup
   * copies the files its snapshot lists after the snapshot, and they must still be there.
   */
  holdingFileDeletions<T>(work: () => Promise<T>): Promise<T>;
  /** Runs `work` in one transaction (tables loaded parents first: see FOREIGN_KEYS_SQL). */
  load<T>(work: (loader: TableLoader) => Promise<T>): Promise<T>;
}

export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;
export const columnList = (columns: string[]): string => columns.map(quoteIdent).join(', ');

/** The tables, their copyable columns and primary keys, from the catalogue (same query on both engines). */
const TABLES_SQL = `
  select c.relname as name,
         array(select a.attname::text from pg_attribute a
               where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
               order by a.attnum) as columns,
         array(select a.attname::text from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
               where i.indrelid = c.oid and i.indisprimary order by array_position(i.indkey::int2[], a.attnum)) as primary_key
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname not in ('${MIGRATIONS_TABLE}', '${RESTORE_MARKER_TABLE}')
  order by c.relname`;

/**
 * Drops every table and function of the app's schema (not the bookkeeping, nor an extension's functions): what a
 * restore does first, inside its transaction, before it builds the archive's schema again.
 */
export const DROP_SCHEMA_SQL = `
  do $$ declare r record; begin
    for r in select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
             where n.nspname = 'public' and c.relkind in ('r', 'p')
               and c.relname not in ('${MIGRATIONS_TABLE}', '${RESTORE_MARKER_TABLE}') loop
      execute format('drop table if exists %I cascade', r.relname);
    end loop;
    for r in select p.oid::regprocedure as f from pg_proc p join pg_namespace n on n.oid = p.pronamespace
             where n.nspname = 'public' and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e') loop
      execute format('drop function if exists %s cascade', r.f);
    end loop;
    delete from ${MIGRATIONS_TABLE};
  end $$`;

/** Which table refers to which (self-references left out): the order a restore loads them in. */
const FOREIGN_KEYS_SQL = `
  select child.relname as child, parent.relname as parent
  from pg_constraint k
  join pg_class child on child.oid = k.conrelid
  join pg_class parent on parent.oid = k.confrelid
  join pg_namespace n on n.oid = child.relnamespace and n.nspname = 'public'
  where k.contype = 'f' and k.conrelid <> k.confrelid`;

/** The last migration applied, or '' when the database was never migrated (it holds nothing of the app's). */
async function lastMigration(query: Rows): Promise<string> {
  const [table] = await query<{ found: string | null }>(`select to_regclass('public.mikro_orm_migrations')::text as found`);
  if (!table?.found) return '';
  const [last] = await query<{ name: string }>(`select name from mikro_orm_migrations order by id desc limit 1`);
  return last?.name ?? '';
}

/** Sets every column-owned sequence to its column's largest value, after rows were loaded with their ids. */
export const RESET_SEQUENCES_SQL = `
  do $$ declare s record; begin
    for s in select seq.relname as seq, tab.relname as tab, col.attname as col
             from pg_depend d
             join pg_class seq on seq.oid = d.objid and seq.relkind = 'S'
             join pg_class tab on tab.oid = d.refobjid
             join pg_attribute col on col.attrelid = tab.oid and col.attnum = d.refobjsubid
             join pg_namespace n on n.oid = seq.relnamespace and n.nspname = 'public'
             where d.deptype in ('a', 'i') loop
      execute format('select setval(%L, coalesce((select max(%I) from %I), 0) + 1, false)', s.seq, s.col, s.tab);
    end loop;
  end $$`;

interface TableRow {
  name: string;
  columns: string[];
  primary_key: string[];
}
const tableInfo = (row: TableRow): TableInfo => ({ name: row.name, columns: row.columns, primaryKey: row.primary_key });

/** One statement's rows on an engine's connection (or transaction). */
export type Rows = <T>(sql: string) => Promise<T[]>;

/** The catalogue reads a snapshot makes the same way on both engines, over the connection's `rows`. */
export function catalogReads(rows: Rows): Pick<SnapshotReader, 'migration' | 'tables' | 'foreignKeys' | 'query'> {
  return {
    migration: () => lastMigration(rows),
    tables: async () => (await rows<TableRow>(TABLES_SQL)).map(tableInfo),
    foreignKeys: () => rows<ForeignKey>(FOREIGN_KEYS_SQL),
    query: rows,
  };
}
