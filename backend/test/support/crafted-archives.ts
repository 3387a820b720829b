import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';

/** One entry of a tar file, as it is in it. */
export interface TarEntry {
  name: string;
  body: Buffer;
  type?: 'file' | 'symlink' | 'link';
  linkname?: string;
}

interface Header {
  migration: string;
  tables: { name: string; columns: string[] }[];
  [field: string]: unknown;
}
interface Manifest {
  tables: { name: string; rows: number; pieces: number }[];
  files: { count: number; bytes: number };
  gone: string[];
  checksums: Record<string, string>;
}

const HEADER = 'consulta-backup.json';
const MANIFEST = 'manifest.json';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * A real archive taken apart to be changed as someone crafting one would: every change keeps the archive consistent
 * with itself (the manifest's counts and every checksum written again), so only the flaw it carries is there to find.
 */
export class CraftedArchive {
  private constructor(
    readonly header: Header,
    readonly manifest: Manifest,
    /** The entries between the header and the manifest, in order. */
    readonly entries: TarEntry[],
  ) {}

  static async from(file: string): Promise<CraftedArchive> {
    const entries: TarEntry[] = [];
    const extract = tar.extract();
    const reading = pipeline(createReadStream(file), extract);
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
      entries.push({ name: entry.header.name, body: Buffer.concat(chunks) });
    }
    await reading;
    const header = JSON.parse(entries.shift()!.body.toString()) as Header;
    const manifest = JSON.parse(entries.pop()!.body.toString()) as Manifest;
    return new CraftedArchive(header, manifest, entries);
  }

  /** A table of `columns` with `rows` (COPY text lines), declared in the header and the manifest. */
  addTable(name: string, columns: string[], rows: string[]): this {
    this.header.tables.push({ name, columns });
    this.manifest.tables.push({ name, rows: rows.length, pieces: 1 });
    this.entries.unshift({ name: `database/${name}/000000.tsv`, body: Buffer.from(rows.map((r) => `${r}\n`).join('')) });
    return this;
  }

  /** The rows of `table` (its first piece), changed by `edit`; the manifest counts what it holds then. */
  editRows(table: string, edit: (rows: string[]) => string[]): this {
    const piece = this.entries.find((e) => e.name.startsWith(`database/${table}/`))!;
    const rows = edit(piece.body.toString().split('\n').slice(0, -1));
    piece.body = Buffer.from(rows.map((r) => `${r}\n`).join(''));
    this.manifest.tables.find((t) => t.name === table)!.rows = rows.length;
    return this;
  }

  /** Column `column` of `table`'s row. */
  field(table: string, row: string, column: string): string {
    return row.split('\t')[this.columnOf(table, column)];
  }

  /** The row with `column` set to `value`. */
  withField(table: string, row: string, column: string, value: string): string {
    const fields = row.split('\t');
    fields[this.columnOf(table, column)] = value;
    return fields.join('\t');
  }

  /** A stored file of `bytes` at `key`: its row (a copy of a whole stored file's, unsealed) and its entry. */
  addStoredFile(key: string, bytes: Buffer): this {
    this.editRows('stored_files', (rows) => {
      const whole = rows.find((r) => this.field('stored_files', r, 'upload_id') === '\\N')!;
      return [...rows, this.withField('stored_files', this.withField('stored_files', whole, 'key', key), 'sealed_etag', '\\N')];
    });
    this.entries.push({ name: `files/${key}`, body: bytes });
    return this;
  }

  /** The file at `from` (its row and its entry) moved to `to`. */
  moveStoredFile(from: string, to: string): this {
    this.editRows('stored_files', (rows) =>
      rows.map((r) => (this.field('stored_files', r, 'key') === from ? this.withField('stored_files', r, 'key', to) : r)),
    );
    this.entries.find((e) => e.name === `files/${from}`)!.name = `files/${to}`;
    return this;
  }

  /** Writes the archive to `file`: the header, the entries, then the manifest with the files' figures and checksums of what it holds. */
  async write(file: string): Promise<string> {
    const regular = this.entries.filter((e) => (e.type ?? 'file') === 'file');
    const files = regular.filter((e) => e.name.startsWith('files/'));
    const header = Buffer.from(JSON.stringify(this.header));
    const manifest: Manifest = {
      ...this.manifest,
      files: { count: files.length, bytes: files.reduce((sum, f) => sum + f.body.length, 0) },
      checksums: Object.fromEntries([[HEADER, sha256(header)], ...regular.map((e) => [e.name, sha256(e.body)])]),
    };
    const pack = tar.pack();
    const writing = pipeline(pack, createWriteStream(file));
    const add = (entry: TarEntry) =>
      new Promise<void>((resolve, reject) => {
        const done = (error?: Error | null) => (error ? reject(error) : resolve());
        if (entry.type && entry.type !== 'file')
          pack.entry({ name: entry.name, type: entry.type, linkname: entry.linkname, mode: 0o600 }, done);
        else pack.entry({ name: entry.name, size: entry.body.length, mode: 0o600 }, entry.body, done);
      });
    await add({ name: HEADER, body: header });
    for (const entry of this.entries) await add(entry);
    await add({ name: MANIFEST, body: Buffer.from(JSON.stringify(manifest)) });
    pack.finalize();
    await writing;
    return file;
  }

  private columnOf(table: string, column: string): number {
    return this.header.tables.find((t) => t.name === table)!.columns.indexOf(column);
  }
}

/** A key of the store's shape in `therapistId`'s space. */
export const storeKey = (therapistId: string, name: string) => `files/${therapistId}/ejercicios/${randomBytes(8).toString('hex')}-${name}`;
