import type { Readable } from 'node:stream';

/** One stored object, as the store describes it. */
export interface StoredObject {
  key: string;
  size: number;
  lastModified: Date;
  /** The store's tag of these bytes: another tag, other bytes (what a file's seal compares). */
  etag: string;
}

/** A part of a multipart upload that the store holds. */
export interface StoredPart {
  PartNumber: number;
  ETag: string;
  Size: number;
}

/**
 * Where a server-side reader (ffmpeg) reads an object, and the only protocols it may use to (ffmpeg's names:
 * `file`; `http,tcp`; `https,tls,tcp`): a reader given the object's path or URL opens nothing else.
 */
export interface MediaInput {
  input: string;
  protocols: readonly string[];
}

/** A multipart upload the store holds, finished neither by completing nor by aborting. */
export interface OpenUpload {
  key: string;
  uploadId: string;
  startedAt: Date;
}

/** What a clean-up gave back to the store. */
export interface Freed {
  count: number;
  bytes: number;
}

/** A URL the browser calls itself, and the headers it must send with it. */
export interface SignedRequest {
  url: string;
  headers: Record<string, string>;
}

/** Refusals a driver reports in the store's own terms; the service turns them into the API's answers. */
export class StorageRefusal extends Error {
  /**
   * `exists`: a signed upload to a key whose object is already whole; `changed`: the object is not the one read for;
   * `no-space`: the disk is full (what was stored before stays: an upload goes on once there is room).
   */
  constructor(readonly reason: 'upload-not-found' | 'invalid-parts' | 'too-large' | 'exists' | 'changed' | 'no-space') {
    super(reason);
    this.name = 'StorageRefusal';
  }
}

/**
 * Where files live: an S3-compatible store or the local disk, chosen once from the configuration
 * (`storage-driver.factory.ts`). Keys are already checked and owned when they reach a driver; the driver only
 * stores. Every URL it signs expires (STORAGE_URL_TTL_SECONDS, default 1 h).
 */
export interface StorageDriver {
  readonly name: 's3' | 'local';
  /**
   * A URL for one PUT of exactly `size` bytes of `contentType` (the signature binds both), that creates the object
   * and never replaces it (an object once whole never changes).
   */
  signPut(key: string, contentType: string, size: number): Promise<SignedRequest>;
  /** Starts a multipart upload; answers its id. */
  startMultipart(key: string, contentType: string): Promise<string>;
  /**
   * A URL for one PUT of part `partNumber` (its answer carries the part's ETag); with `length`, of exactly that many
   * bytes (the signature binds it).
   */
  signPart(key: string, uploadId: string, partNumber: number, length: number | null): Promise<string>;
  /** The parts stored so far (to resume an interrupted upload). */
  listParts(key: string, uploadId: string): Promise<StoredPart[]>;
  /** Joins the parts into the object; answers its size. */
  completeMultipart(key: string, uploadId: string, parts: { PartNumber: number; ETag: string }[]): Promise<number>;
  /** Drops an unfinished multipart upload and its parts (no error when it is already gone). */
  abortMultipart(key: string, uploadId: string): Promise<void>;
  /**
   * Stores a stream of unknown length without holding it in memory; answers the bytes stored. When the stream
   * passes `maxBytes` nothing is kept and the promise rejects with StorageRefusal('too-large').
   */
  putStream(key: string, body: Readable, contentType: string, maxBytes: number): Promise<number>;
  /** A URL that downloads the object as `filename` (it also plays in a <video>). */
  signGet(key: string, filename: string, contentType: string | null): Promise<string>;
  /**
   * Where a server-side reader (ffmpeg) reads the object: its path on the local disk (`file`), or a signed GET on
   * the store's own endpoint (`http,tcp` or `https,tls,tcp` by its scheme; ranged reads, so an MP4 whose index is
   * at its end is read without a whole download).
   */
  mediaInput(key: string): Promise<MediaInput>;
  /**
   * The object's bytes as a stream (a patient's export copies them into its archive without holding them). With
   * `etag`, only while the object still has that tag: else StorageRefusal('changed').
   */
  read(key: string, etag?: string): Promise<Readable>;
  /** The object, or null when there is none. */
  head(key: string): Promise<StoredObject | null>;
  /** Every object whose key starts with `prefix`. */
  list(prefix: string): Promise<StoredObject[]>;
  /** Deletes the object (no error when it is already gone). */
  delete(key: string): Promise<void>;
  /** Every multipart upload in progress whose key starts with `prefix` (a crash may have left one no row names). */
  listUploads(prefix: string): Promise<OpenUpload[]>;
  /**
   * Removes the temporary files of uploads last written before `before` (a PUT or a form upload the process was
   * killed in the middle of). The local disk has them; an S3 store has none (a form upload cut short there is a
   * multipart upload, which listUploads finds).
   */
  removeTemporaries(before: Date): Promise<Freed>;
  /**
   * Throws when the store cannot be used now (readiness check): the bucket unreachable, the folder not writable or
   * its disk below STORAGE_MIN_FREE_MB.
   */
  ready(signal: AbortSignal): Promise<void>;
  /** The object's first `length` bytes, fewer when it is shorter (what a file's real type is told by). */
  readStart(key: string, length: number): Promise<Buffer>;
}

/** Injection token of the configured driver. */
export const STORAGE_DRIVER = Symbol('STORAGE_DRIVER');

/** `attachment; filename="..."` with a plain-ASCII fallback and the exact UTF-8 name (RFC 6266). */
export function attachmentDisposition(filename: string): string {
  const ascii =
    filename
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '_') || 'archivo';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
