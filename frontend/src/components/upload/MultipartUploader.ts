import { STORAGE_LIMITS } from '@consulta/shared';
import { BasePlugin, type PluginOpts, type Uppy } from '@uppy/core';
import type { Body, Meta, UppyFile } from '@uppy/core/utils';
import type { UploadCalls } from './uploadCalls';
import { putToStore } from './storeRequest';
import { RETRY_DELAYS_MS, StoreRequestError, absoluteUrl, chunkPlan, isAbortError, isRetryableStatus, type Chunk } from './uploadLogic';

/** What the uploader reads of a file's meta: where it goes, and the type it is stored with. */
export interface UploadMeta extends Meta {
  customPath: string;
  contentType: string;
}

export interface MultipartUploaderOptions<M extends UploadMeta, B extends Body> extends PluginOpts {
  calls: UploadCalls;
  /** The files this uploader takes (the others are left to the next uploader: the direct PUT). */
  shouldUseMultipart: (file: UppyFile<M, B>) => boolean;
  /** Parts sent at once per file. */
  limit?: number;
  /** Waits before each new attempt of a failed part; its length is the number of retries. */
  retryDelays?: readonly number[];
  /** Whether the browser believes it is online (a dropped connection is not retried, it is resumed later). */
  online?: () => boolean;
}

/** A part a worker will send next, and its presigned URL being asked for. */
interface Claimed {
  chunk: Chunk;
  url: Promise<string>;
}

/** A multipart upload under way on the server: kept after a failure, so a retry resumes it (list-parts). */
interface MultipartSession {
  uploadId: string;
  fileKey: string;
  partSize: number;
  /** Part number → ETag of the parts the store holds. */
  parts: Map<number, string>;
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (ms <= 0) return resolve();
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new DOMException('Subida cancelada', 'AbortError'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });

const statusOf = (error: unknown): number | null =>
  typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number'
    ? (error as { status: number }).status
    : null;

/**
 * Uppy uploader for files at or above the multipart threshold, on the API's own multipart calls (
 * @uppy/aws-s3 6 signs only S3-protocol requests, and the API's initiate/list/complete/abort are JSON calls):
 * initiate, then every part through its presigned URL (several at once, each retried with `retryDelays`, a new URL
 * each attempt), then complete. A failure keeps the upload open: `uppy.retryUpload` resumes it from the parts the
 * store lists. Removing the file (Cancelar) aborts it on the server; so does `discard`.
 */
export class MultipartUploader<M extends UploadMeta, B extends Body> extends BasePlugin<MultipartUploaderOptions<M, B>, M, B> {
  readonly #sessions = new Map<string, MultipartSession>();
  readonly #running = new Map<string, AbortController>();
  readonly #pausing = new Set<string>();

  constructor(uppy: Uppy<M, B>, opts: MultipartUploaderOptions<M, B>) {
    super(uppy, opts);
    this.id = opts.id ?? 'ConsultaMultipart';
    this.type = 'uploader';
  }

  override install(): void {
    this.uppy.addUploader(this.#upload);
    this.uppy.on('file-removed', this.#onRemoved);
    this.uppy.on('cancel-all', this.#onCancelAll);
  }

  override uninstall(): void {
    this.uppy.removeUploader(this.#upload);
    this.uppy.off('file-removed', this.#onRemoved);
    this.uppy.off('cancel-all', this.#onCancelAll);
    for (const id of [...this.#running.keys(), ...this.#sessions.keys()]) this.discard(id);
  }

  /** Whether a multipart upload of this file is open on the server (a retry resumes it). */
  hasSession(fileId: string): boolean {
    return this.#sessions.has(fileId);
  }

  /**
   * Stops the bytes (the connection dropped) but keeps the upload open: the file is marked failed, so no other
   * uploader takes it, and `uppy.retryUpload` resumes it from the parts the store lists.
   */
  pause(fileId: string): void {
    const running = this.#running.get(fileId);
    if (!running) return;
    this.#pausing.add(fileId);
    running.abort();
  }

  /** Stops the file's upload and aborts it on the server (best effort): its parts are freed. */
  discard(fileId: string): void {
    this.#running.get(fileId)?.abort();
    this.#running.delete(fileId);
    const session = this.#sessions.get(fileId);
    this.#sessions.delete(fileId);
    if (session) void this.opts.calls.abortMultipart({ upload_id: session.uploadId, file_key: session.fileKey }).catch(() => undefined);
  }

  #onRemoved = (file: UppyFile<M, B> | undefined) => {
    if (file) this.discard(file.id);
  };

  #onCancelAll = () => {
    for (const id of [...this.#running.keys(), ...this.#sessions.keys()]) this.discard(id);
  };

  #upload = async (fileIDs: string[]): Promise<void> => {
    const files = this.uppy
      .getFilesByIds(fileIDs)
      .filter((file) => !file.error && !file.progress.uploadComplete && this.opts.shouldUseMultipart(file));
    if (files.length === 0) return;
    this.uppy.emit('upload-start', files);
    await Promise.allSettled(files.map((file) => this.#uploadFile(file)));
  };

  #online(): boolean {
    return this.opts.online ? this.opts.online() : typeof navigator === 'undefined' || navigator.onLine !== false;
  }

  async #uploadFile(file: UppyFile<M, B>): Promise<void> {
    const controller = new AbortController();
    this.#running.get(file.id)?.abort();
    this.#running.set(file.id, controller);
    const { signal } = controller;
    const { calls } = this.opts;
    const data = file.data as Blob;
    try {
      let session = this.#sessions.get(file.id);
      if (session) {
        const { parts } = await calls.listParts({ upload_id: session.uploadId, file_key: session.fileKey });
        const plan = chunkPlan(data.size, session.partSize);
        // Only whole parts count: a part cut short by the drop is sent again.
        session.parts = new Map(
          parts
            .filter((p) => plan[p.PartNumber - 1] && (p.Size === undefined || p.Size === sizeOf(plan[p.PartNumber - 1])))
            .map((p) => [p.PartNumber, p.ETag]),
        );
      } else {
        const init = await calls.initiateMultipart({
          file_name: file.name ?? 'video',
          custom_path: file.meta.customPath,
          content_type: file.meta.contentType,
          file_size: data.size,
        });
        session = {
          uploadId: init.upload_id,
          fileKey: init.file_key,
          partSize: init.part_size > 0 ? init.part_size : STORAGE_LIMITS.partSizeBytes,
          parts: new Map(),
        };
        this.#sessions.set(file.id, session);
      }
      signal.throwIfAborted();
      await this.#sendParts(file, data, session, signal);
      const parts = [...session.parts.entries()].sort(([a], [b]) => a - b).map(([PartNumber, ETag]) => ({ PartNumber, ETag }));
      const done = await calls.completeMultipart({ upload_id: session.uploadId, file_key: session.fileKey, parts });
      // Completed on the server: done, even if the bytes were being stopped meanwhile.
      this.#pausing.delete(file.id);
      this.#sessions.delete(file.id);
      this.uppy.emit('upload-success', this.uppy.getFile(file.id), {
        status: 200,
        body: { key: done.file_key, location: done.file_key } as unknown as B,
        uploadURL: done.file_key,
      });
    } catch (error) {
      if (this.#pausing.delete(file.id) && this.uppy.getFile(file.id)) {
        this.uppy.setFileState(file.id, { error: 'Subida interrumpida' });
        return;
      }
      // Cancelled (the file was removed, or the upload discarded): nothing to report.
      if (signal.aborted || isAbortError(error) || !this.uppy.getFile(file.id)) return;
      this.uppy.emit('upload-error', this.uppy.getFile(file.id), error instanceof Error ? error : new Error(String(error)));
    } finally {
      this.#pausing.delete(file.id);
      if (this.#running.get(file.id) === controller) this.#running.delete(file.id);
    }
  }

  /** Sends the parts the store lacks, `limit` at a time; the first failure stops the others. */
  async #sendParts(file: UppyFile<M, B>, data: Blob, session: MultipartSession, outer: AbortSignal): Promise<void> {
    const plan = chunkPlan(data.size, session.partSize);
    const inFlight = new Map<number, number>();
    const report = () => {
      let bytes = 0;
      for (const chunk of plan) if (session.parts.has(chunk.partNumber)) bytes += sizeOf(chunk);
      for (const loaded of inFlight.values()) bytes += loaded;
      const current = this.uppy.getFile(file.id);
      if (!current) return;
      this.uppy.emit('upload-progress', current, {
        uploadStarted: current.progress.uploadStarted ?? Date.now(),
        bytesUploaded: Math.min(bytes, data.size),
        bytesTotal: data.size,
      });
    };
    report();
    const queue = plan.filter((chunk) => !session.parts.has(chunk.partNumber));
    const inner = new AbortController();
    const stop = () => inner.abort();
    outer.addEventListener('abort', stop, { once: true });
    let failure: unknown = null;
    // Takes the next part and asks for its URL at once (awaited, and any failure handled, when the part is sent).
    const claim = (): Claimed | null => {
      const chunk = inner.signal.aborted ? undefined : queue.shift();
      if (!chunk) return null;
      const url = this.#signPart(session, chunk);
      url.catch(() => undefined);
      return { chunk, url };
    };
    const worker = async () => {
      let claimed = claim();
      while (claimed && !inner.signal.aborted) {
        const { chunk } = claimed;
        let next: Claimed | null = null;
        let askedAhead = false;
        // The next part's URL is asked for while this part's bytes go: the round trip is not waited for between parts.
        const askAhead = () => {
          if (askedAhead) return;
          askedAhead = true;
          next = claim();
        };
        try {
          const etag = await this.#sendPart(session, chunk, claimed.url, data, inner.signal, askAhead, (loaded) => {
            inFlight.set(chunk.partNumber, loaded);
            report();
          });
          session.parts.set(chunk.partNumber, etag);
        } catch (error) {
          if (failure === null && !isAbortError(error)) failure = error;
          inner.abort();
        } finally {
          inFlight.delete(chunk.partNumber);
        }
        report();
        claimed = askedAhead ? next : claim();
      }
    };
    const workers = Math.max(1, Math.min(this.opts.limit ?? 3, queue.length));
    try {
      await Promise.all(Array.from({ length: workers }, worker));
    } finally {
      outer.removeEventListener('abort', stop);
    }
    outer.throwIfAborted();
    if (failure !== null) throw failure;
  }

  #signPart(session: MultipartSession, chunk: Chunk): Promise<string> {
    return this.opts.calls
      .signPart({ upload_id: session.uploadId, file_key: session.fileKey, part_number: chunk.partNumber })
      .then((answer) => answer.presigned_url);
  }

  /**
   * One part: a PUT to its presigned URL (`url`, asked for ahead), again after each of `retryDelays` while the failure
   * is transient, each retry with a new URL. `sending` is called when the bytes first start to go.
   */
  async #sendPart(
    session: MultipartSession,
    chunk: Chunk,
    url: Promise<string>,
    data: Blob,
    signal: AbortSignal,
    sending: () => void,
    onProgress: (loaded: number) => void,
  ): Promise<string> {
    const delays = this.opts.retryDelays ?? RETRY_DELAYS_MS;
    for (let attempt = 0; ; attempt++) {
      try {
        const presigned = await (attempt === 0 ? url : this.#signPart(session, chunk));
        signal.throwIfAborted();
        const put = putToStore(absoluteUrl(presigned), data.slice(chunk.start, chunk.end), { onProgress, signal });
        sending();
        const answer = await put;
        if (!answer.etag) throw new StoreRequestError(answer.status, 'La respuesta de la parte no trae su ETag');
        return answer.etag;
      } catch (error) {
        onProgress(0);
        if (isAbortError(error) || signal.aborted) throw error;
        if (attempt >= delays.length || !this.#online()) throw error;
        const status = statusOf(error);
        // A store 403 is an expired or refused link: a new one is signed on the next attempt.
        const transient =
          error instanceof StoreRequestError
            ? isRetryableStatus(error.status) || error.status === 403
            : status !== null && isRetryableStatus(status);
        if (!transient) throw error;
        await wait(delays[attempt], signal);
      }
    }
  }
}

const sizeOf = (chunk: Chunk) => chunk.end - chunk.start;
