import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { EntityManager, MigrationObject } from '@mikro-orm/core';
import { execute } from '../common/sql/execute';
import type { StorageDriver } from '../storage/drivers/storage-driver';
import { ArchiveError, type ArchiveHeader, type ArchiveManifest } from './archive-format';
import { ArchiveReader, type ArchiveItem } from './archive-reader';
import { quoteIdent, type DatabaseCopy } from './database-copy';
import { schemaRules, type SchemaRules } from './migration-sql';
import { loadRows, type LoadedRows } from './restore-rows';
import { storeFiles, type ArchiveItems } from './restore-files';
import { markRestoring, readMarker, unfinishedRestore, unmarkRestoring } from './restore-marker';

export interface RestoreTarget {
  database: DatabaseCopy;
  store: StorageDriver;
  /** The installation's database through the app's own connection: the marker and the files' seals, between transactions. */
  em: EntityManager;
  /** Every migration this version knows, in order. */
  migrations: MigrationObject[];
  /** Creates the migrations' own bookkeeping table when there is none yet. */
  ensureMigrationsTable(): Promise<void>;
  /** Removes what writes into the store that stopped left (only where no other process writes into it). */
  removeStoreTemps(): Promise<void>;
}

export interface RestoreRequest {
  /** The archive's path, named by the marker while the restore has not finished. */
  archive: string;
  force: boolean;
}

export interface RestoreSummary {
  header: ArchiveHeader;
  manifest: ArchiveManifest;
  /** Migrations applied after loading (the archive came from an older version); null when an earlier run loaded the rows. */
  upgraded: string[] | null;
  /** It finished a restore of the same archive that had stopped. */
  resumed: boolean;
}

export interface VerifiedArchive {
  header: ArchiveHeader;
  manifest: ArchiveManifest;
}

/**
 * The first read of a restore: the whole archive checked before any installation is opened; one of a newer schema is
 * refused as soon as its header is read.
 */
export const verifyArchive = async (open: () => Promise<Readable>, schema: SchemaRules): Promise<VerifiedArchive> =>
  new ArchiveReader(await open(), { schema, newerSchema: 'refuse' }).verify();

/** Which archive this is, for a rerun to know it resumes the same one: the SHA-256 of every entry's checksum. */
export const archiveIdOf = (manifest: ArchiveManifest): string =>
  createHash('sha256')
    .update(JSON.stringify(Object.entries(manifest.checksums).sort(([a], [b]) => a.localeCompare(b))))
    .digest('hex');

/**
 * Restores a verified archive into an installation, in an order where nothing is deleted or written before the rows
 * are in: the installation is marked as being restored; one transaction drops what it holds, builds the archive's
 * schema, loads the rows (each table's count compared with the manifest), migrates to this version and records that
 * the rows are in; only then are the files stored (read again, each handed out once it matches the verified
 * manifest), then what the installation held besides deleted, and the mark removed. A failure before the rows are
 * committed leaves the installation as it was; after, a rerun of the same archive goes on with the files. Refuses an
 * installation that holds anything unless `force`.
 */
export async function restoreArchive(
  open: () => Promise<Readable>,
  { header, manifest }: VerifiedArchive,
  target: RestoreTarget,
  request: RestoreRequest,
): Promise<RestoreSummary> {
  const archiveId = archiveIdOf(manifest);
  const marker = await readMarker(target.em);
  const resumed = marker?.archiveId === archiveId ? marker : null;
  if (marker && !resumed && !request.force) {
    throw new ArchiveError(
      `${unfinishedRestore(marker)} Run "restore ${marker.archive}" again to finish it, or add --force to replace everything with this archive.`,
    );
  }
  if (!resumed) {
    if (!request.force) await refuseUnlessEmpty(target);
    await markRestoring(target.em, { archive: request.archive, archiveId });
  }
  await target.removeStoreTemps();
  await target.ensureMigrationsTable();

  const schema = await schemaRules(target.migrations);
  const reader = new ArchiveReader(await open(), { schema, newerSchema: 'refuse', expected: manifest });
  const items: ArchiveItems = reader.items()[Symbol.asyncIterator]();
  const rowsIn = resumed?.phase === 'files';
  let loaded: LoadedRows | null = null;
  try {
    if (!rowsIn) loaded = await loadRowsOrUnmark(target, items, header, manifest, resumed === null);
    const first = loaded ? loaded.next : await skipRows(items);
    await storeFiles(items, first, reader, target, rowsIn ? resumed.filesDone : 0);
  } finally {
    await items.return?.(undefined);
  }
  await deleteAllBut(target.store, reader.fileKeys());
  // A bulk load leaves the planner without statistics (the embedded engine never gathers them by itself).
  await execute(target.em.fork(), 'analyze');
  await unmarkRestoring(target.em);
  return { header, manifest, upgraded: loaded?.upgraded ?? null, resumed: resumed !== null };
}

/** The rows' transaction; when it fails, the installation is as it was, so the mark this run made goes too. */
async function loadRowsOrUnmark(
  target: RestoreTarget,
  items: ArchiveItems,
  header: ArchiveHeader,
  manifest: ArchiveManifest,
  markedNow: boolean,
): Promise<LoadedRows> {
  try {
    return await target.database.load((loader) => loadRows(loader, items, header, manifest, target.migrations));
  } catch (error) {
    if (markedNow) await unmarkRestoring(target.em).catch(() => undefined);
    throw rowsRefused(error);
  }
}

async function refuseUnlessEmpty(target: RestoreTarget): Promise<void> {
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
  throw new ArchiveError(
    `This installation is not empty (rows in ${filled.length} tables, ${objects.length} stored files). ` +
      'Restore into an empty installation, or add --force to replace everything it holds.',
  );
}

/** Reads past the rows an earlier run committed (each still checked), to the first file. */
async function skipRows(items: ArchiveItems): Promise<IteratorResult<ArchiveItem>> {
  let next = await items.next();
  while (!next.done && next.value.kind === 'rows') next = await items.next();
  return next;
}

/** What the installation held besides the archive's files (with --force), or an earlier run's leftovers. */
async function deleteAllBut(store: StorageDriver, keys: ReadonlySet<string>): Promise<void> {
  for (const object of await store.list('')) if (!keys.has(object.key)) await store.delete(object.key);
}

/** A failure of the rows' transaction, said for the operator: nothing of the archive went in. */
function rowsRefused(error: unknown): Error {
  if (error instanceof ArchiveError) return new ArchiveError(`${error.message}. Nothing was changed.`);
  const { message, code } = error as { message?: string; code?: string };
  if (code === '53100' || /no space left/i.test(message ?? ''))
    return new ArchiveError(
      "The database has no space left for the archive's rows: nothing was changed. Free some space and run the restore again.",
    );
  if (typeof code === 'string' && /^(22|23)/.test(code))
    return new ArchiveError(`The database refused the archive's rows (${message}): nothing was changed.`);
  return new ArchiveError(`The restore stopped while loading the rows (${message ?? String(error)}): nothing was changed. Run it again.`);
}
