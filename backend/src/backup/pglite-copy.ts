import type { PGlite, Transaction } from '@electric-sql/pglite' with { 'resolution-mode': 'import' };
import { holdingDeletionsHere } from '../storage/file-deletion-hold';
import { catalogReads, columnList, quoteIdent, type DatabaseCopy } from './database-copy';

/** Rows per COPY of the embedded engine, which hands a COPY's output over whole (as a Blob). */
const ROWS_PER_COPY = 500;

/**
 * The embedded engine (PGlite) through its COPY to and from its `/dev/blob` device. Its transactions are
 * exclusive (one session): the app's queries wait while a snapshot is read, so no lock is needed for consistency,
 * and deletions are held in this process.
 */
export function pgliteCopy(pglite: PGlite): DatabaseCopy {
  const catalog = (tx: Transaction) => catalogReads(async (sql) => (await tx.query(sql)).rows as never[]);
  return {
    engine: 'pglite',
    snapshot: (work) =>
      pglite.transaction(async (tx) => {
        await tx.query('set transaction isolation level repeatable read, read only');
        return work({
          ...catalog(tx),
          copyOut: async function* (table) {
            // Pages in primary-key order within the snapshot: memory stays bounded by ROWS_PER_COPY rows.
            const order = table.primaryKey.length > 0 ? `order by ${columnList(table.primaryKey)}` : '';
            for (let offset = 0; ; offset += ROWS_PER_COPY) {
              const select = `select ${columnList(table.columns)} from ${quoteIdent(table.name)} ${order} limit ${ROWS_PER_COPY} offset ${offset}`;
              const result = await tx.query(`copy (${select}) to '/dev/blob'`);
              const bytes = result.blob ? Buffer.from(await result.blob.arrayBuffer()) : Buffer.alloc(0);
              if (bytes.length > 0) yield bytes;
              if ((result.affectedRows ?? 0) < ROWS_PER_COPY) return;
            }
          },
        });
      }),
    holdingFileDeletions: holdingDeletionsHere,
    load: (work) =>
      pglite.transaction(async (tx) =>
        work({
          tables: catalog(tx).tables,
          copyIn: async (table, columns, rows) => {
            // The engine's own superuser: triggers off (foreign keys, and the app's own) while the rows go in, piece by piece.
            await tx.query('set local session_replication_role = replica');
            let loaded = 0;
            for await (const piece of rows) {
              const result = await tx.query(`copy ${quoteIdent(table)} (${columnList(columns)}) from '/dev/blob'`, [], {
                blob: new Blob([piece]),
              });
              loaded += result.affectedRows ?? 0;
            }
            await tx.query('set local session_replication_role = origin');
            return loaded;
          },
          execute: async (sql, params) => (await tx.query<Record<string, unknown>>(sql, params)).rows,
          script: async (sql) => void (await tx.exec(sql)),
        }),
      ),
  };
}
