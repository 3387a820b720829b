import { randomBytes } from 'node:crypto';
import { constants, type BigIntStats } from 'node:fs';
import { access, link, open, readdir, readFile, rm, stat, statfs, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { STORAGE_LIMITS } from '@consulta/shared';
import { OWNER_ONLY_FILE, ownerOnlyDir } from '../../common/files/owner-only';
import { completedSize } from '../multipart-parts';
import { writeBody, writeInto, type PositionalWrite } from './body-writer';
import { PARTS_LOG, UploadFiles } from './upload-files';
import { LocalSignature, type SignedFields, type SignedOperation, type Verdict } from './local-signature';
import {
  StorageRefusal,
  type Freed,
  type MediaInput,
  type OpenUpload,
  type SignedRequest,
  type StorageDriver,
  type StoredObject,
  type StoredPart,
} from './storage-driver';

/** Where the app serves the local driver's signed URLs (LocalStorageController). */
export const LOCAL_STORAGE_ROUTE = '/api/v1/storage';

const UPLOAD_ID = /^[0-9a-f]{32}$/;
const REMEMBERED_UPLOADS = 256;

interface UploadMeta {
  key: string;
  contentType: string;
  partSize: number;
}

/** A line of an upload's parts log, or null when it is not one (cut short by a crash, then appended to). */
function recordOf(line: string): StoredPart | null {
  try {
    const part = JSON.parse(line) as StoredPart;
    return Number.isInteger(part.PartNumber) && typeof part.ETag === 'string' && Number.isInteger(part.Size) ? part : null;
  } catch {
    return null;
  }
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
const isTaken = (error: unknown) => (error as NodeJS.ErrnoException).code === 'EEXIST';
/** A full disk, or a full quota. */
const NO_SPACE = new Set(['ENOSPC', 'EDQUOT']);
const MiB = 1024 * 1024;

/**
 * Runs a write: when the disk is full it fails with StorageRefusal('no-space') (keeping the system's `code`), which
 * the API answers with 507; what was stored before stays, so an upload goes on once there is room.
 */
async function writing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code && NO_SPACE.has(code)) throw Object.assign(new StorageRefusal('no-space'), { code, cause: error });
    throw error;
  }
}

/** An upload's facts and when they were written (when it started), or null when a crash left them unwritten or cut short. */
async function readMeta(file: string): Promise<(UploadMeta & { writtenAt: Date }) | null> {
  try {
    const [text, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    return { ...(JSON.parse(text) as UploadMeta), writtenAt: info.mtime };
  } catch (error) {
    if (isMissing(error) || error instanceof SyntaxError) return null;
    throw error;
  }
}

/** The names in a folder; none when it does not exist (yet). */
async function namesIn(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

/**
 * A file's tag: its size and modification time to the nanosecond. Objects are never rewritten through the app, so
 * another tag means the bytes were changed behind it (a backup restored without its times changes it too).
 */
const etagOf = (info: BigIntStats): string => `"${info.size.toString(16)}-${info.mtimeNs.toString(16)}"`;

/**
 * Files on the local disk under `root` (DATA_DIR/storage), with S3's behaviour: the app serves the signed URLs
 * this driver hands out (LocalStorageController, local-part-route.ts), objects live at `objects/{key}`, and a
 * multipart upload is one file under `multipart/{id}` into which each part is written at its own offset (parts are
 * STORAGE_LIMITS.partSizeBytes, the last one shorter), so completing it is a link, not a copy; each stored part is a
 * line of its `parts.log` (UploadFiles). A write the disk has no room for is StorageRefusal('no-space'); below
 * `minFreeBytes` (STORAGE_MIN_FREE_MB) the readiness check reports the store down.
 */
export class LocalDriver implements StorageDriver {
  readonly name = 'local' as const;
  private readonly objects: string;
  private readonly uploads: string;
  private readonly incoming: string;
  /** The facts (meta.json) of uploads parts were sent to lately: at most REMEMBERED_UPLOADS, the oldest forgotten first. */
  private readonly knownUploads = new Map<string, UploadMeta>();
  private readonly uploadFiles = new UploadFiles();

  constructor(
    root: string,
    private readonly signature: LocalSignature,
    private readonly ttlSeconds: number,
    private readonly minFreeBytes = 0,
  ) {
    this.objects = path.join(root, 'objects');
    this.uploads = path.join(root, 'multipart');
    this.incoming = path.join(root, 'incoming');
  }

  async signPut(key: string, contentType: string, size: number): Promise<SignedRequest> {
    return { url: this.url('object', 'put', { key, size: String(size), type: contentType }), headers: { 'Content-Type': contentType } };
  }

  async startMultipart(key: string, contentType: string): Promise<string> {
    const id = randomBytes(16).toString('hex');
    const dir = this.uploadDir(id);
    const meta: UploadMeta = { key, contentType, partSize: STORAGE_LIMITS.partSizeBytes };
    try {
      await writing(async () => {
        await ownerOnlyDir(dir);
        await writeFile(path.join(dir, 'data'), '', { mode: OWNER_ONLY_FILE });
        await writeFile(path.join(dir, 'meta.json'), JSON.stringify(meta), { mode: OWNER_ONLY_FILE });
      });
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
    this.remember(id, meta);
    return id;
  }

  async signPart(key: string, uploadId: string, partNumber: number, length: number | null): Promise<string> {
    const fields: SignedFields = { key, upload: uploadId, part: String(partNumber) };
    return this.url('part', 'part', length === null ? fields : { ...fields, size: String(length) });
  }

  async listParts(key: string, uploadId: string): Promise<StoredPart[]> {
    await this.meta(key, uploadId);
    let log: string;
    try {
      log = await readFile(path.join(this.uploadDir(uploadId), PARTS_LOG), 'utf8');
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    // A line is whole once its newline is written: what follows the last one is still being appended (or was cut
    // short by a crash, and its part is sent again). A part sent again is recorded again: the last record counts.
    const parts = new Map<number, StoredPart>();
    for (const line of log.split('\n').slice(0, -1)) {
      const part = recordOf(line);
      if (part) parts.set(part.PartNumber, part);
    }
    return [...parts.values()].sort((a, b) => a.PartNumber - b.PartNumber);
  }

  async completeMultipart(key: string, uploadId: string, given: { PartNumber: number; ETag: string }[]): Promise<number> {
    const meta = await this.meta(key, uploadId);
    // The parts under way are written first, later ones refused: the file is measured and placed as it stays.
    await this.uploadFiles.end(uploadId);
    let size: number | null;
    try {
      // The parts sit at their offsets of one file: only 1..N of the part size make it whole.
      size = completedSize(given, await this.listParts(key, uploadId), meta.partSize);
      if (size === null) throw new StorageRefusal('invalid-parts');
      const data = path.join(this.uploadDir(uploadId), 'data');
      await truncate(data, size);
      await writing(() => this.place(data, key));
    } catch (error) {
      this.uploadFiles.reopen(uploadId);
      throw error;
    }
    await this.removeUpload(uploadId);
    return size;
  }

  async abortMultipart(key: string, uploadId: string): Promise<void> {
    try {
      await this.meta(key, uploadId);
    } catch (error) {
      if (error instanceof StorageRefusal) return;
      throw error;
    }
    await this.uploadFiles.end(uploadId);
    await this.removeUpload(uploadId);
  }

  async putStream(key: string, body: Readable, _contentType: string, maxBytes: number): Promise<number> {
    return this.receive(key, body, maxBytes);
  }

  async signGet(key: string, filename: string, contentType: string | null): Promise<string> {
    return this.url('object', 'get', { key, filename, type: contentType ?? 'application/octet-stream' });
  }

  async mediaInput(key: string): Promise<MediaInput> {
    return { input: this.objectPath(key), protocols: ['file'] };
  }

  async read(key: string, etag?: string): Promise<Readable> {
    // The tag is checked on the open file: the bytes read are the ones checked.
    const handle = await open(this.objectPath(key), 'r');
    if (etag !== undefined && etagOf(await handle.stat({ bigint: true })) !== etag) {
      await handle.close();
      throw new StorageRefusal('changed');
    }
    return handle.createReadStream();
  }

  async ready(): Promise<void> {
    await ownerOnlyDir(this.objects);
    await access(this.objects, constants.W_OK);
    if (this.minFreeBytes === 0) return;
    const { bavail, bsize } = await statfs(this.objects);
    const free = bavail * bsize;
    if (free < this.minFreeBytes)
      throw new Error(
        `${Math.floor(free / MiB)} MB free on its disk, below STORAGE_MIN_FREE_MB (${Math.round(this.minFreeBytes / MiB)} MB)`,
      );
  }

  async head(key: string): Promise<StoredObject | null> {
    try {
      const info = await stat(this.objectPath(key), { bigint: true });
      return info.isFile() ? { key, size: Number(info.size), lastModified: info.mtime, etag: etagOf(info) } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const dir = prefix.endsWith('/') ? prefix : path.posix.dirname(prefix);
    const found: StoredObject[] = [];
    const walk = async (relative: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(path.join(this.objects, relative), { withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for (const entry of entries) {
        const key = path.posix.join(relative, entry.name);
        if (entry.isDirectory()) await walk(key);
        else if (key.startsWith(prefix)) {
          const info = await stat(path.join(this.objects, key), { bigint: true });
          found.push({ key, size: Number(info.size), lastModified: info.mtime, etag: etagOf(info) });
        }
      }
    };
    await walk(dir === '.' ? '' : dir);
    return found.sort((a, b) => a.key.localeCompare(b.key));
  }

  async delete(key: string): Promise<void> {
    await rm(this.objectPath(key), { force: true });
  }

  /** The folders under `multipart/`, started when their meta.json was written (it never changes afterwards). */
  async listUploads(prefix: string): Promise<OpenUpload[]> {
    const found: OpenUpload[] = [];
    for (const uploadId of await namesIn(this.uploads)) {
      if (!UPLOAD_ID.test(uploadId)) continue;
      const file = path.join(this.uploadDir(uploadId), 'meta.json');
      const meta = await readMeta(file);
      if (meta?.key.startsWith(prefix)) found.push({ key: meta.key, uploadId, startedAt: meta.writtenAt });
    }
    return found;
  }

  /**
   * The temporaries of PUTs and form uploads under `incoming/` (a body still arriving is written to all the time: only
   * a file nobody has written to since `before` goes), and the folders of multipart uploads a crash cut short before
   * their facts (meta.json) were written.
   */
  async removeTemporaries(before: Date): Promise<Freed> {
    const freed: Freed = { count: 0, bytes: 0 };
    for (const name of await namesIn(this.incoming)) {
      const file = path.join(this.incoming, name);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile() || info.mtime >= before) continue;
      await rm(file, { force: true });
      freed.count += 1;
      freed.bytes += info.size;
    }
    for (const uploadId of await namesIn(this.uploads)) {
      if (!UPLOAD_ID.test(uploadId) || (await readMeta(path.join(this.uploadDir(uploadId), 'meta.json')))) continue;
      const [folder, data] = await Promise.all(
        [stat(this.uploadDir(uploadId)), stat(path.join(this.uploadDir(uploadId), 'data'))].map((s) => s.catch(() => null)),
      );
      if (!folder || folder.mtime >= before) continue;
      await this.removeUpload(uploadId);
      freed.count += 1;
      freed.bytes += data?.size ?? 0;
    }
    return freed;
  }

  async readStart(key: string, length: number): Promise<Buffer> {
    const file = await open(this.objectPath(key), 'r');
    try {
      const { buffer, bytesRead } = await file.read(Buffer.alloc(length), 0, length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  }

  // ---- the HTTP side, called by LocalStorageController ----

  /** Checks a signed URL's query (its fields, `expires` and `signature`). */
  verify(operation: SignedOperation, query: Record<string, unknown>): Verdict {
    return this.signature.verify(operation, query);
  }

  /**
   * Receives a signed PUT of exactly `size` bytes: 'too-large' past it; a short body stores nothing; 'exists' when
   * the object is whole already (a signed upload is used once: S3 with `If-None-Match: *` refuses it too).
   */
  async receiveObject(fields: SignedFields, body: Readable): Promise<'stored' | 'short'> {
    if (await this.head(fields.key)) throw new StorageRefusal('exists');
    const size = Number(fields.size);
    return (await this.receive(fields.key, body, size, (bytes) => bytes === size)) === size ? 'stored' : 'short';
  }

  /**
   * Receives a signed part: written at its offset, recorded once whole; answers its ETag, or null when the URL
   * signed a length and the body was shorter (nothing is recorded). Past the signed length (else the part size)
   * it is refused as too large.
   */
  async receivePart(fields: SignedFields, body: Readable): Promise<string | null> {
    const partNumber = Number(fields.part);
    const meta = await this.partMeta(fields.key, fields.upload);
    const signed = fields.size === undefined ? null : Math.min(Number(fields.size), meta.partSize);
    const upload = await this.uploadFiles.acquire(fields.upload, this.uploadDir(fields.upload));
    try {
      const write: PositionalWrite = (buffers, length, position) => upload.write(buffers, length, position);
      const written = await writing(() => writeBody(body, write, (partNumber - 1) * meta.partSize, signed ?? meta.partSize));
      if (signed !== null && written !== signed) return null;
      const part: StoredPart = { PartNumber: partNumber, ETag: `"${randomBytes(12).toString('hex')}"`, Size: written };
      await writing(() => upload.record(JSON.stringify(part)));
      return part.ETag;
    } finally {
      await upload.release();
    }
  }

  /** The object's path on disk, for serving a signed GET. */
  objectPath(key: string): string {
    const target = path.resolve(this.objects, key);
    if (!target.startsWith(this.objects + path.sep)) throw new Error(`Key outside the store: ${key}`);
    return target;
  }

  /**
   * Streams at most `max` bytes into a temporary file (StorageRefusal('too-large') past them) and places it at the key
   * when `keep(bytes)` says the body is whole; answers the bytes received.
   */
  private async receive(key: string, body: Readable, max: number, keep: (bytes: number) => boolean = () => true): Promise<number> {
    this.objectPath(key); // a key outside the store is refused before any byte is read
    const temp = path.join(this.incoming, randomBytes(12).toString('hex'));
    try {
      return await writing(async () => {
        await ownerOnlyDir(this.incoming);
        const file = await open(temp, 'w', OWNER_ONLY_FILE);
        let bytes: number;
        try {
          bytes = await writeBody(body, writeInto(file), 0, max);
        } finally {
          await file.close();
        }
        if (keep(bytes)) await this.place(temp, key);
        return bytes;
      });
    } finally {
      await rm(temp, { force: true });
    }
  }

  /**
   * Gives the whole file `file` its key, never over an existing object: link() fails when the name is taken, in one
   * step (two uploads racing to one key: one wins, the other is 'exists'). The caller removes `file`.
   */
  private async place(file: string, key: string): Promise<void> {
    const target = this.objectPath(key);
    await ownerOnlyDir(path.dirname(target));
    try {
      await link(file, target);
    } catch (error) {
      if (isTaken(error)) throw new StorageRefusal('exists');
      throw error;
    }
  }

  /** Removes an ended upload's folder (parts and all) and what this process kept of it. */
  private async removeUpload(uploadId: string): Promise<void> {
    this.knownUploads.delete(uploadId);
    try {
      await rm(this.uploadDir(uploadId), { recursive: true, force: true });
    } finally {
      this.uploadFiles.forget(uploadId);
    }
  }

  /**
   * An upload's facts for its parts: read once, then remembered (they never change; whether the upload is still
   * there is told by opening its file).
   */
  private async partMeta(key: string, uploadId: string): Promise<UploadMeta> {
    const known = this.knownUploads.get(uploadId);
    if (known) {
      if (known.key !== key) throw new StorageRefusal('upload-not-found');
      return known;
    }
    const meta = await this.meta(key, uploadId);
    this.remember(uploadId, meta);
    return meta;
  }

  private remember(uploadId: string, meta: UploadMeta): void {
    if (this.knownUploads.size >= REMEMBERED_UPLOADS) this.knownUploads.delete(this.knownUploads.keys().next().value!);
    this.knownUploads.set(uploadId, meta);
  }

  private async meta(key: string, uploadId: string): Promise<UploadMeta> {
    try {
      const meta = JSON.parse(await readFile(path.join(this.uploadDir(uploadId), 'meta.json'), 'utf8')) as UploadMeta;
      if (meta.key !== key) throw new StorageRefusal('upload-not-found');
      return meta;
    } catch (error) {
      if (isMissing(error)) throw new StorageRefusal('upload-not-found');
      throw error;
    }
  }

  private uploadDir(uploadId: string): string {
    if (!UPLOAD_ID.test(uploadId)) throw new StorageRefusal('upload-not-found');
    return path.join(this.uploads, uploadId);
  }

  private url(route: 'object' | 'part', operation: 'put' | 'get' | 'part', fields: SignedFields): string {
    return `${LOCAL_STORAGE_ROUTE}/${route}?${this.signature.query(operation, fields, this.ttlSeconds)}`;
  }
}
