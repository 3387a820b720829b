import { randomBytes } from 'node:crypto';
import { constants, createWriteStream, type BigIntStats } from 'node:fs';
import { access, link, mkdir, open, readdir, readFile, rename, rm, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { STORAGE_LIMITS } from '@consulta/shared';
import { completedSize } from '../multipart-parts';
import { ByteLimit } from './byte-limit';
import { LocalSignature, type SignedFields, type SignedOperation, type Verdict } from './local-signature';
import { StorageRefusal, type MediaInput, type SignedRequest, type StorageDriver, type StoredObject, type StoredPart } from './storage-driver';

/** Where the app serves the local driver's signed URLs (LocalStorageController). */
export const LOCAL_STORAGE_ROUTE = '/api/v1/storage';

const UPLOAD_ID = /^[0-9a-f]{32}$/;

interface UploadMeta {
  key: string;
  contentType: string;
  partSize: number;
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
 * this driver hands out (LocalStorageController), objects live at `objects/{key}`, and a multipart upload is
 * one file under `multipart/{id}` into which each part is written at its own offset (parts are
 * STORAGE_LIMITS.partSizeBytes, the last one shorter), so completing it is a link, not a copy.
 */
export class LocalDriver implements StorageDriver {
  readonly name = 'local' as const;
  private readonly objects: string;
  private readonly uploads: string;
  private readonly incoming: string;

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
    await mkdir(path.join(dir, 'parts'), { recursive: true });
    const meta: UploadMeta = { key, contentType, partSize: STORAGE_LIMITS.partSizeBytes };
    await writeFile(path.join(dir, 'data'), '');
    await writeFile(path.join(dir, 'meta.json'), JSON.stringify(meta));
    return id;
  }

  async signPart(key: string, uploadId: string, partNumber: number, length: number | null): Promise<string> {
    const fields: SignedFields = { key, upload: uploadId, part: String(partNumber) };
    return this.url('part', 'part', length === null ? fields : { ...fields, size: String(length) });
  }

  async listParts(key: string, uploadId: string): Promise<StoredPart[]> {
    await this.meta(key, uploadId);
    const dir = path.join(this.uploadDir(uploadId), 'parts');
    const names = (await readdir(dir)).filter((n) => /^\d+\.json$/.test(n));
    const parts = await Promise.all(names.map(async (n) => JSON.parse(await readFile(path.join(dir, n), 'utf8')) as StoredPart));
    return parts.sort((a, b) => a.PartNumber - b.PartNumber);
  }

  async completeMultipart(key: string, uploadId: string, given: { PartNumber: number; ETag: string }[]): Promise<number> {
    const meta = await this.meta(key, uploadId);
    // The parts sit at their offsets of one file: only 1..N of the part size make it whole.
    const size = completedSize(given, await this.listParts(key, uploadId), meta.partSize);
    if (size === null) throw new StorageRefusal('invalid-parts');
    const data = path.join(this.uploadDir(uploadId), 'data');
    await truncate(data, size);
    await this.place(data, key);
    await rm(this.uploadDir(uploadId), { recursive: true, force: true });
    return size;
  }

  async abortMultipart(key: string, uploadId: string): Promise<void> {
    try {
      await this.meta(key, uploadId);
    } catch (error) {
      if (error instanceof StorageRefusal) return;
      throw error;
    }
    await rm(this.uploadDir(uploadId), { recursive: true, force: true });
  }

  async putStream(key: string, body: Readable, _contentType: string, maxBytes: number): Promise<number> {
    const limit = new ByteLimit(maxBytes);
    await this.receive(key, body, limit);
    return limit.bytes;
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
    const limit = new ByteLimit(size);
    await this.receive(fields.key, body, limit, () => limit.bytes === size);
    return limit.bytes === size ? 'stored' : 'short';
  }

  /**
   * Receives a signed part: written at its offset, recorded once whole; answers its ETag, or null when the URL
   * signed a length and the body was shorter (nothing is recorded). Past the signed length (else the part size)
   * it is refused as too large.
   */
  async receivePart(fields: SignedFields, body: Readable): Promise<string | null> {
    const partNumber = Number(fields.part);
    const meta = await this.meta(fields.key, fields.upload);
    const dir = this.uploadDir(fields.upload);
    const signed = fields.size === undefined ? null : Math.min(Number(fields.size), meta.partSize);
    const limit = new ByteLimit(signed ?? meta.partSize);
    const out = createWriteStream(path.join(dir, 'data'), { flags: 'r+', start: (partNumber - 1) * meta.partSize });
    await pipeline(body, limit, out);
    if (signed !== null && limit.bytes !== signed) return null;
    const part: StoredPart = { PartNumber: partNumber, ETag: `"${randomBytes(12).toString('hex')}"`, Size: limit.bytes };
    const file = path.join(dir, 'parts', `${partNumber}.json`);
    await writeFile(`${file}.tmp`, JSON.stringify(part));
    await rename(`${file}.tmp`, file);
    return part.ETag;
  }

  /** The object's path on disk, for serving a signed GET. */
  objectPath(key: string): string {
    const target = path.resolve(this.objects, key);
    if (!target.startsWith(this.objects + path.sep)) throw new Error(`Key outside the store: ${key}`);
    return target;
  }

  /** Streams into a temporary file and places it at the key when `keep()` says the body is whole. */
  private async receive(key: string, body: Readable, limit: ByteLimit, keep: () => boolean = () => true): Promise<void> {
    this.objectPath(key); // a key outside the store is refused before any byte is read
    await mkdir(this.incoming, { recursive: true });
    const temp = path.join(this.incoming, randomBytes(12).toString('hex'));
    try {
      await pipeline(body, limit, createWriteStream(temp));
      if (keep()) await this.place(temp, key);
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

