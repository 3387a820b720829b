import { Client } from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { BACKUP_LOCK, holdingDeletionsHere } from '../storage/file-deletion-hold';
import { catalogReads, columnList, quoteIdent, type DatabaseCopy } from './database-copy';

/** PostgreSQL through its own COPY protocol, streamed (pg-copy-streams): nothing is held whole in memory. */
export function postgresCopy(url: string): DatabaseCopy {
  const connected = async <T>(work: (client: Client) => Promise<T>): Promise<T> => {
    const client = new Client({ connectionString: url, application_name: 'consulta-backup' });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  const inTransaction = async <T>(client: Client, begin: string, work: () => Promise<T>): Promise<T> => {
    await client.query(begin);
    try {
      const result = await work();
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
  };
  const catalog = (client: Client) => catalogReads(async (sql) => (await client.query(sql)).rows);

  return {
    engine: 'postgresql',
    snapshot: (work) =>
      connected((client) =>
        inTransaction(client, 'begin isolation level repeatable read read only', () =>
          work({
            ...catalog(client),
            copyOut: (table) => client.query(copyTo(`copy ${quoteIdent(table.name)} (${columnList(table.columns)}) to stdout`)),
          }),
        ),
      ),
    holdingFileDeletions: (work) =>
      connected(async (client) => {
        // Waits for deletions in progress to commit; later ones see the lock taken and leave the file.
        await client.query(`select pg_advisory_lock(${BACKUP_LOCK})`);
        return holdingDeletionsHere(work);
      }),
    load: (work) =>
      connected((client) =>
        inTransaction(client, 'begin', () =>
          work({
            tables: catalog(client).tables,
            // One COPY per table: its foreign keys are checked at the statement's end, so rows may refer to later rows.
            copyIn: async (table, columns, rows) => {
              await client.query(`alter table ${quoteIdent(table)} disable trigger user`);
              const copy = client.query(copyFrom(`copy ${quoteIdent(table)} (${columnList(columns)}) from stdin`));
              await pipeline(Readable.from(rows), copy);
              await client.query(`alter table ${quoteIdent(table)} enable trigger user`);
              return copy.rowCount;
            },
            execute: async (sql, params) => (await client.query(sql, params)).rows,
            script: async (sql) => void (await client.query(sql)),
          }),
        ),
      ),
  };
}
