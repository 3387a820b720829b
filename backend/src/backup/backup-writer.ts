import { Readable } from 'node:stream';
import tar from 'tar-stream';
import type { StorageDriver } from '../storage/drivers/storage-driver';
import { FILE_USES } from '../files/file-references';
import { ArchiveEntries } from './archive-entries';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  ArchiveError,
  fileEntryName,
  HEADER_ENTRY,
  MANIFEST_ENTRY,
  TABLE_PIECE_BYTES,
  tablePieceName,
  type ArchiveHeader,
  type ArchiveManifest,
  type TableManifest,
} from './archive-format';
import { countRows, parseRows, rowPieces } from './copy-text';
import type { DatabaseCopy, SnapshotReader, TableInfo } from './database-copy';
import { parentsFirst } from './table-order';
import { DERIVED_TABLES } from './archive-tables';

/** What an installation holds: its database and its store. */
export interface Installation {
  database: DatabaseCopy;
  store: StorageDriver;
}

export interface BackupSummary {
  header: ArchiveHeader;
  manifest: ArchiveManifest;
}

/** A stored file the snapshot lists, whole (an upload in progress has no object to copy yet). */
interface SnapshotFile {
  key: string;
  sealedEtag: string | null;
  /** A record referred to it in the snapshot. */
  referenced: boolean;
}

/**
 * Writes the archive of `installation` into `sink` (which gets the archive's bytes as a stream and resolves once
 * they are stored). The database is read in one snapshot; the files it lists are copied after it, while no stored
 * file can be deleted, so everything the snapshot refers to is there to copy.
 */
export async function writeBackup(installation: Installation, sink: (archive: Readable) => Promise<void>): Promise<BackupSummary> {
  const pack = tar.pack();
  const sinking = sink(Readable.from(pack, { objectMode: false }));
  const filling = fill(installation, pack).then(
    (summary) => {
      pack.finalize();
      return summary;
    },
    (error: unknown) => {
      pack.destroy(error as Error);
      throw error;
    },
  );
  const [summary] = await Promise.all([filling, sinking]);
  return summary;
}

async function fill({ database, store }: Installation, pack: tar.Pack): Promise<BackupSummary> {
  const entries = new ArchiveEntries(pack);
  return database.holdingFileDeletions(async () => {
    const { header, tables, files } = await database.snapshot(async (reader) => {
      const migration = await reader.migration();
      if (!migration) throw new ArchiveError('This installation has no database yet: there is nothing to back up');
      const ordered = parentsFirst(
        (await reader.tables()).filter((t) => !DERIVED_TABLES.has(t.name)),
        await reader.foreignKeys(),
      );
      const header: ArchiveHeader = {
        format: ARCHIVE_FORMAT,
        version: ARCHIVE_VERSION,
        created_at: new Date().toISOString(),
        source: { database: database.engine, storage: store.name },
        migration,
        tables: ordered.map(({ name, columns }) => ({ name, columns })),
      };
      await entries.addBuffer(HEADER_ENTRY, json(header));
      const files: SnapshotFile[] = [];
      const tables: TableManifest[] = [];
      for (const table of ordered) {
        tables.push(await copyTable(reader, table, entries, table.name === 'stored_files' ? files : null));
      }
      const referenced = await reader.query<{ key: string }>(
        `select f.key from stored_files f where f.upload_id is null and ${FILE_USES.referencedSql('f.key')}`,
      );
      const keys = new Set(referenced.map((r) => r.key));
      for (const file of files) file.referenced = keys.has(file.key);
      return { header, tables, files };
    });
    const copied = { count: 0, bytes: 0 };
    const gone: string[] = [];
    for (const file of files) {
      const object = await store.head(file.key);
      if (!object) {
        // Only a file nothing referred to can be gone: deleting one that a record released waits for this backup.
        if (file.referenced) throw new ArchiveError(`The stored file ${file.key} that a record refers to is missing from the store`);
        gone.push(file.key);
        continue;
      }
      if (file.sealedEtag !== null && object.etag !== file.sealedEtag) {
        throw new ArchiveError(`The stored file ${file.key} no longer matches what its record took (its bytes changed outside the app)`);
      }
      await entries.add(fileEntryName(file.key), object.size, await store.read(file.key, object.etag));
      copied.count += 1;
      copied.bytes += object.size;
    }
    const manifest: ArchiveManifest = { tables, files: copied, gone, checksums: entries.checksums };
    await entries.addBuffer(MANIFEST_ENTRY, json(manifest));
    return { header, manifest };
  });
}

/** Writes one table in pieces of whole rows; collects the whole stored files when it is `stored_files`. */
async function copyTable(
  reader: SnapshotReader,
  table: TableInfo,
  entries: ArchiveEntries,
  files: SnapshotFile[] | null,
): Promise<TableManifest> {
  let rows = 0;
  let pieces = 0;
  for await (const piece of rowPieces(reader.copyOut(table), TABLE_PIECE_BYTES)) {
    await entries.addBuffer(tablePieceName(table.name, pieces), piece);
    pieces += 1;
    rows += countRows(piece);
    if (files) {
      for (const row of parseRows(piece, table.columns)) {
        if (row.upload_id === null && row.key) files.push({ key: row.key, sealedEtag: row.sealed_etag ?? null, referenced: false });
      }
    }
  }
  return { name: table.name, rows, pieces };
}

const json = (value: unknown): Buffer => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
