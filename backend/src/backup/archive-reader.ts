import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import { keyOwner } from '../storage/file-keys';
import {
  ArchiveError,
  FILE_PREFIX,
  HEADER_ENTRY,
  MANIFEST_ENTRY,
  TABLE_PREFIX,
  type ArchiveHeader,
  type ArchiveManifest,
} from './archive-format';
import { parseHeader, parseJson, refuseNewerSchema } from './archive-header';
import { countRows, parseRows, pieceProblem } from './copy-text';
import type { SchemaRules } from './migration-sql';

/** A table piece (whole rows, held: at most a few MiB) or a stored file (streamed: read `body` to its end). */
export type ArchiveItem =
  | { kind: 'rows'; table: string; columns: string[]; rows: Buffer }
  | { kind: 'file'; key: string; size: number; body: AsyncIterable<Buffer> };

export interface ReadOptions {
  /** What an archive of each schema may hold. */
  schema: SchemaRules;
  /** Refuse an archive of a newer schema as soon as its header is read (a restore), or read it whole (a verify). */
  newerSchema: 'refuse' | 'read';
  /** The manifest of a first, verifying read: each entry is checked against it as soon as it is read. */
  expected?: ArchiveManifest;
}

const MAX_HEADER_BYTES = 1024 * 1024;
const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;

/**
 * Reads an archive from start to end and checks it: the header first, the manifest last, every entry's SHA-256,
 * the row and file counts, and that every stored file the database lists is in it. It refuses what a backup never
 * writes, which a restore would otherwise load: an entry that is not a regular file (a link), a file key outside the
 * store's rule, a table that is not one of the schema's (the migrations' own, the derived ones), a row that COPY
 * would read otherwise than it is counted. With `expected`, a file is handed out whole only once it matches.
 */
export class ArchiveReader {
  header: ArchiveHeader | null = null;
  manifest: ArchiveManifest | null = null;
  private readonly checksums: Record<string, string> = {};
  private readonly rows = new Map<string, { rows: number; pieces: number }>();
  private readonly files = { count: 0, bytes: 0, keys: new Set<string>() };
  /** Whole stored files the `stored_files` rows read so far list: key → content type. */
  private readonly listed = new Map<string, string>();

  constructor(
    private readonly input: Readable,
    private readonly options: ReadOptions,
  ) {}

  async *items(): AsyncGenerator<ArchiveItem> {
    const extract = tar.extract();
    const feeding = pipeline(this.input, extract).catch((error: unknown) => {
      extract.destroy(error as Error);
      throw error;
    });
    feeding.catch(() => undefined);
    try {
      for await (const source of extract) {
        const entry = source as typeof source & AsyncIterable<Buffer>;
        const name = entry.header.name;
        const size = entry.header.size ?? 0;
        if (this.manifest) throw new ArchiveError(`The archive goes on after its manifest (${name})`);
        if (entry.header.type !== 'file')
          throw new ArchiveError(`The archive holds ${name} as a ${entry.header.type} entry: a Consulta backup holds regular files only`);
        if (!this.header) {
          if (name !== HEADER_ENTRY) throw new ArchiveError('This is not a Consulta backup (it does not start with consulta-backup.json)');
          this.header = parseHeader(await this.readWhole(name, entry, MAX_HEADER_BYTES), this.options.schema);
          if (this.options.newerSchema === 'refuse') refuseNewerSchema(this.header, this.options.schema);
        } else if (name === MANIFEST_ENTRY) {
          this.manifest = parseJson<ArchiveManifest>(await this.readWhole(name, entry, MAX_MANIFEST_BYTES, false), MANIFEST_ENTRY);
        } else if (name.startsWith(TABLE_PREFIX)) {
          const table = this.table(name);
          const rows = await this.readWhole(name, entry, MAX_MANIFEST_BYTES);
          this.countPiece(name, table.name, table.columns, rows);
          yield { kind: 'rows', table: table.name, columns: table.columns, rows };
        } else if (name.startsWith(FILE_PREFIX)) {
          const key = name.slice(FILE_PREFIX.length);
          if (keyOwner(key) === null) throw new ArchiveError(`The archive holds a file whose key is not a stored file's: ${key}`);
          const body = this.fileBody(name, entry);
          yield { kind: 'file', key, size, body: body.chunks };
          for await (const chunk of body.chunks) void chunk; // what the consumer left unread
          this.checked(name, body.sha256());
          this.files.count += 1;
          this.files.bytes += body.read();
          this.files.keys.add(key);
        } else {
          throw new ArchiveError(`The archive holds an entry a Consulta backup never has: ${name}`);
        }
      }
      await feeding;
    } catch (error) {
      throw asArchiveError(error);
    } finally {
      // Stopped early (a refusal, a failed restore): nothing keeps reading the file.
      this.input.destroy();
      extract.destroy();
    }
    this.finish();
  }

  /** Reads the whole archive, checking it; answers its header and manifest. */
  async verify(): Promise<{ header: ArchiveHeader; manifest: ArchiveManifest }> {
    for await (const item of this.items()) if (item.kind === 'file') for await (const chunk of item.body) void chunk;
    return { header: this.header!, manifest: this.manifest! };
  }

  /** The content type the database gives a stored file, or undefined when it does not list it (rows come first). */
  contentTypeOf(key: string): string | undefined {
    return this.listed.get(key);
  }

  /** The keys of the files read so far. */
  fileKeys(): ReadonlySet<string> {
    return this.files.keys;
  }

  /**
   * A file's bytes as they are read. Checked against the verified manifest, its last chunk is handed out only once
   * the whole file matches: a file that changed since is never stored whole.
   */
  private fileBody(name: string, entry: AsyncIterable<Buffer>) {
    const hash = createHash('sha256');
    const expected = this.options.expected?.checksums[name];
    let read = 0;
    let digest: string | null = null;
    const sha256 = () => (digest ??= hash.digest('hex'));
    const chunks = (async function* () {
      let held: Buffer | null = null;
      try {
        for await (const chunk of entry) {
          hash.update(chunk);
          read += chunk.length;
          if (held) yield held;
          held = chunk;
        }
      } catch (error) {
        throw asArchiveError(error);
      }
      if (expected !== undefined && sha256() !== expected) throw changedSince(name);
      if (held) yield held;
    })();
    return { chunks, sha256, read: () => read };
  }

  private table(name: string): { name: string; columns: string[] } {
    const tableName = name.slice(TABLE_PREFIX.length).split('/')[0];
    const table = this.header!.tables.find((t) => t.name === tableName);
    if (!table) throw new ArchiveError(`The archive holds rows of a table its header does not name: ${tableName}`);
    return table;
  }

  private countPiece(name: string, table: string, columns: string[], rows: Buffer): void {
    const problem = pieceProblem(rows, columns.length);
    if (problem) throw new ArchiveError(`The archive is damaged: in ${name}, ${problem}`);
    const counted = this.rows.get(table) ?? { rows: 0, pieces: 0 };
    counted.rows += countRows(rows);
    counted.pieces += 1;
    this.rows.set(table, counted);
    if (table !== 'stored_files') return;
    for (const row of parseRows(rows, columns)) {
      if (row.key !== null && row.key !== undefined && keyOwner(row.key) === null)
        throw new ArchiveError(`The archive lists a stored file whose key is not a stored file's: ${row.key}`);
      if (row.key && row.upload_id === null) this.listed.set(row.key, row.content_type ?? 'application/octet-stream');
    }
  }

  private async readWhole(name: string, entry: AsyncIterable<Buffer>, limit: number, check = true): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of entry) {
      size += chunk.length;
      if (size > limit) throw new ArchiveError(`The entry ${name} is larger than a Consulta backup ever writes`);
      chunks.push(chunk);
    }
    const bytes = Buffer.concat(chunks, size);
    if (check) this.checked(name, createHash('sha256').update(bytes).digest('hex'));
    return bytes;
  }

  private checked(name: string, sha256: string): void {
    if (name in this.checksums) throw new ArchiveError(`The archive holds ${name} twice`);
    this.checksums[name] = sha256;
    const expected = this.options.expected;
    if (expected && expected.checksums[name] !== sha256) throw changedSince(name);
  }

  private finish(): void {
    const manifest = this.manifest;
    if (!this.header) throw new ArchiveError('The archive is empty');
    if (!manifest) throw new ArchiveError('The archive is incomplete: it ends before its manifest (was the backup interrupted?)');
    if (!Array.isArray(manifest.tables) || !manifest.files || !Array.isArray(manifest.gone) || typeof manifest.checksums !== 'object')
      throw new ArchiveError('The archive is damaged: its manifest is incomplete');
    const names = new Set([...Object.keys(manifest.checksums ?? {}), ...Object.keys(this.checksums)]);
    for (const name of names) {
      if (manifest.checksums[name] === undefined) throw new ArchiveError(`The archive holds ${name}, which its manifest does not list`);
      if (this.checksums[name] === undefined) throw new ArchiveError(`The archive lacks ${name}, which its manifest lists`);
      if (manifest.checksums[name] !== this.checksums[name])
        throw new ArchiveError(`The archive is damaged: ${name} does not match its checksum`);
    }
    const headerTables = this.header.tables.map((t) => t.name).sort();
    const manifestTables = manifest.tables.map((t) => t.name).sort();
    if (headerTables.join('\n') !== manifestTables.join('\n'))
      throw new ArchiveError('The archive is damaged: its manifest and its header list other tables');
    for (const table of manifest.tables) {
      const counted = this.rows.get(table.name) ?? { rows: 0, pieces: 0 };
      if (counted.rows !== table.rows)
        throw new ArchiveError(`The archive is damaged: ${table.name} has ${counted.rows} rows, its manifest says ${table.rows}`);
    }
    if (this.files.count !== manifest.files.count || this.files.bytes !== manifest.files.bytes) {
      throw new ArchiveError(
        `The archive is damaged: it holds ${this.files.count} files (${this.files.bytes} bytes), its manifest says ${manifest.files.count} (${manifest.files.bytes} bytes)`,
      );
    }
    const gone = new Set(manifest.gone);
    for (const key of this.listed.keys()) {
      if (this.files.keys.has(key)) continue;
      if (!gone.has(key)) throw new ArchiveError(`The archive is damaged: the stored file ${key} is listed but not in it`);
    }
    for (const key of this.files.keys)
      if (!this.listed.has(key)) throw new ArchiveError(`The archive holds a file its database does not list: ${key}`);
  }
}

const changedSince = (name: string) => new ArchiveError(`The archive changed since it was verified (${name})`);

/** A tar or stream failure (truncated, garbled) said as what it means for the operator. */
function asArchiveError(error: unknown): Error {
  if (error instanceof ArchiveError) return error;
  const message = (error as Error).message ?? String(error);
  if (/unexpected end|premature|invalid tar|checksum|header/i.test(message))
    return new ArchiveError(`The archive is damaged or incomplete (${message})`);
  return error as Error;
}
