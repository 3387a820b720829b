/**
 * The backup archive: one tar stream (optionally age-encrypted as a whole) holding, in this order,
 *   consulta-backup.json          what it is: format version, when, from which engines, the schema's last migration,
 *                                 the tables and their columns
 *   database/<table>/<n>.tsv      each table in PostgreSQL's COPY text format, in pieces of whole rows
 *   files/<key>                   every stored file, byte for byte
 *   manifest.json                 last: row and file counts, the keys gone before they were copied, and the
 *                                 SHA-256 of every entry above (an archive without it is incomplete)
 * The same archive restores into either engine and either store (see docs/decisions/storage-and-backup.md, "Backup and restore").
 */
export const ARCHIVE_FORMAT = 'consulta-backup';
export const ARCHIVE_VERSION = 1;

export const HEADER_ENTRY = 'consulta-backup.json';
export const MANIFEST_ENTRY = 'manifest.json';
export const TABLE_PREFIX = 'database/';
export const FILE_PREFIX = 'files/';

/** The most bytes of one table kept in memory before they are written as an entry. */
export const TABLE_PIECE_BYTES = 8 * 1024 * 1024;

export type DatabaseEngine = 'postgresql' | 'pglite';
export type StoreKind = 'local' | 's3';

export interface ArchiveHeader {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  created_at: string;
  source: { database: DatabaseEngine; storage: StoreKind };
  /** The last migration applied to the database copied: a restore builds exactly this schema before loading. */
  migration: string;
  /** The tables in the order they follow (and are loaded in: every table after those it refers to). */
  tables: { name: string; columns: string[] }[];
}

export interface TableManifest {
  name: string;
  rows: number;
  pieces: number;
}

export interface ArchiveManifest {
  tables: TableManifest[];
  files: { count: number; bytes: number };
  /**
   * Files that nothing referred to in the snapshot and that were deleted before they were copied: their rows are
   * dropped on restore. A file a record refers to is never among them (its deletion waits for the backup).
   */
  gone: string[];
  /** SHA-256 (hex) of every entry before this one, by name. */
  checksums: Record<string, string>;
}

/** What a backup holds, in figures: what the operator is told, and what the running app sends the CLI. */
export interface BackupCounts {
  tables: number;
  rows: number;
  files: number;
  bytes: number;
  createdAt: string;
  source: ArchiveHeader['source'];
  migration: string;
}

export const countsOf = ({ header, manifest }: { header: ArchiveHeader; manifest: ArchiveManifest }): BackupCounts => ({
  tables: manifest.tables.length,
  rows: manifest.tables.reduce((sum, t) => sum + t.rows, 0),
  files: manifest.files.count,
  bytes: manifest.files.bytes,
  createdAt: header.created_at,
  source: header.source,
  migration: header.migration,
});

export const tablePieceName = (table: string, piece: number): string => `${TABLE_PREFIX}${table}/${String(piece).padStart(6, '0')}.tsv`;
export const fileEntryName = (key: string): string => `${FILE_PREFIX}${key}`;

/** A backup or a restore refused or stopped for a reason the operator can act on: the message says it, in a sentence. */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveError';
  }
}
