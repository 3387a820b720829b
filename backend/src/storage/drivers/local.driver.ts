import { randomBytes } from 'node:crypto';
import { constants, type BigIntStats } from 'node:fs';
import { access, link, mkdir, open, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { STORAGE_LIMITS } from '@consulta/shared';
import { completedSize } from '../multipart-parts';
import { writeBody, writeInto, type PositionalWrite } from './body-writer';
import { PARTS_LOG, UploadFiles } from './upload-files';
import { LocalSignature, type SignedFields, type SignedOperation, type Verdict } from './local-signature';
import {
  StorageRefusal,
  type MediaInput,
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
 * line of its `parts.log` (UploadFiles).
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
    await mkdir(dir, { recursive: true });
    const meta: UploadMeta = { key, contentType, partSize: STORAGE_LIMITS.partSizeBytes };
    await writeFile(path.join(dir, 'data'), '');
    await writeFile(path.join(dir, 'meta.json'), JSON.stringify(meta));
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
      await this.place(data, key);
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
    await mkdir(this.objects, { recursive: true });
    await access(this.objects, constants.W_OK);
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

  /**
   * Removes the temporary files of every write under way into the store (of processes killed mid-write): only for a
   * caller that knows no other process writes here (one holding DATA_DIR's lock, as a restore does).
   */
  async removeTemps(): Promise<void> {
    await rm(this.incoming, { recursive: true, force: true });
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
      const written = await writeBody(body, write, (partNumber - 1) * meta.partSize, signed ?? meta.partSize);
      if (signed !== null && written !== signed) return null;
      const part: StoredPart = { PartNumber: partNumber, ETag: `"${randomBytes(12).toString('hex')}"`, Size: written };
      await upload.record(JSON.stringify(part));
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
    await mkdir(this.incoming, { recursive: true });
    const temp = path.join(this.incoming, randomBytes(12).toString('hex'));
    try {
      const file = await open(temp, 'w');
      let bytes: number;
      try {
        bytes = await writeBody(body, writeInto(file), 0, max);
      } finally {
        await file.close();
      }
      if (keep(bytes)) await this.place(temp, key);
      return bytes;
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
    await mkdir(path.dirname(target), { recursive: true });
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
