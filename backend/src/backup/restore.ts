import { Readable } from 'node:stream';
import type { IMigrator } from '@mikro-orm/core';
import type { StorageDriver } from '../storage/drivers/storage-driver';
import { ArchiveError, type ArchiveHeader, type ArchiveManifest } from './archive-format';
import { ArchiveReader, type ArchiveItem } from './archive-reader';
import { quoteIdent, RESET_SEQUENCES_SQL, type DatabaseCopy, type TableLoader } from './database-copy';

export interface RestoreTarget {
  database: DatabaseCopy;
  store: StorageDriver;
  migrator: IMigrator;
  /** Every migration this version knows, in order. */
  migrations: string[];
}

export interface RestoreSummary {
  header: ArchiveHeader;
  manifest: ArchiveManifest;
  /** Migrations applied after loading (the archive came from an older version). */
  upgraded: string[];
}

/** The first read of a restore: the whole archive checked, before any installation is opened. */
export const verifyArchive = async (open: () => Promise<Readable>): Promise<VerifiedArchive> => new ArchiveReader(await open()).verify();

export interface VerifiedArchive {
  header: ArchiveHeader;
  manifest: ArchiveManifest;
}

/**
 * Restores a verified archive into an installation: builds the archive's schema, loads the rows in one transaction
 * and writes the files (read again, each entry checked against the verified manifest), then migrates to this
 * version. Refuses an installation that holds anything, unless `force` (which empties it first).
 */
export async function restoreArchive(
  open: () => Promise<Readable>,
  { header, manifest }: VerifiedArchive,
  target: RestoreTarget,
  force: boolean,
): Promise<RestoreSummary> {
  if (!target.migrations.includes(header.migration)) {
    throw new ArchiveError(
      `The archive comes from a newer version of Consulta (schema ${header.migration || 'unknown'}): update this installation first`,
    );
  }
  await emptyOrRefuse(target, force);
  await schemaAt(target, header.migration);
  await target.database.load(async (loader) => load(loader, target.store, new ArchiveReader(await open(), manifest), manifest));
  const upgraded = (await target.migrator.up()).map((m) => m.name);
  return { header, manifest, upgraded };
}

async function emptyOrRefuse(target: RestoreTarget, force: boolean): Promise<void> {
  const filled = await target.database.load(async (loader) => {
    const names: string[] = [];
    for (const table of await loader.tables()) {
      const [row] = await loader.execute(`select exists (select 1 from ${quoteIdent(table.name)}) as filled`);
      if (row?.filled) names.push(table.name);
    }
    return names;
  });
  const objects = await target.store.list('');
  if (filled.length === 0 && objects.length === 0) return;
  if (!force) {
    throw new ArchiveError(
      `This installation is not empty (rows in ${filled.length} tables, ${objects.length} stored files). ` +
        'Restore into an empty installation, or add --force to replace everything it holds.',
    );
  }
  await target.database.load(async (loader) => {
    const tables = (await loader.tables()).map((t) => quoteIdent(t.name));
    if (tables.length > 0) await loader.execute(`truncate ${tables.join(', ')} cascade`);
  });
  for (const object of objects) await target.store.delete(object.key);
}

/** Brings the (empty) database to exactly the archive's schema. */
async function schemaAt(target: RestoreTarget, migration: string): Promise<void> {
  const executed = (await target.migrator.getExecuted()).map((m) => m.name);
  if (executed.includes(migration) && executed.at(-1) !== migration) await target.migrator.down({ to: migration });
  await target.migrator.up({ to: migration });
}

async function load(loader: TableLoader, store: StorageDriver, reader: ArchiveReader, manifest: ArchiveManifest): Promise<void> {
  const items = reader.items()[Symbol.asyncIterator]();
  let next = await items.next();
  const isRows = (item: IteratorResult<ArchiveItem>): item is IteratorYieldResult<Extract<ArchiveItem, { kind: 'rows' }>> =>
    !item.done && item.value.kind === 'rows';

  while (isRows(next)) {
    const { table, columns } = next.value;
    async function* pieces(): AsyncGenerator<Buffer> {
      while (isRows(next) && next.value.table === table) {
        yield next.value.rows;
        next = await items.next();
      }
    }
    await loader.copyIn(table, columns, pieces());
  }

  while (!next.done) {
    const item = next.value;
    if (item.kind !== 'file') throw new ArchiveError('The archive is damaged: rows come after its files');
    const contentType = reader.contentTypeOf(item.key);
    if (contentType === undefined) throw new ArchiveError(`The archive holds a file its database does not list: ${item.key}`);
    await store.putStream(item.key, Readable.from(item.body), contentType, item.size);
    const stored = await store.head(item.key);
    // The new store tags the bytes its own way (another ETag, another mtime): the seal follows, the checksum held.
    await loader.execute(`update stored_files set sealed_etag = $1 where key = $2 and sealed_etag is not null`, [stored!.etag, item.key]);
    next = await items.next();
  }
  if (manifest.gone.length > 0) await loader.execute(`delete from stored_files where key = any($1)`, [manifest.gone]);
  // Uploads in progress at the snapshot have no object: their browser starts again.
  await loader.execute(`delete from stored_files where upload_id is not null`);
  await loader.execute(RESET_SEQUENCES_SQL);
}
