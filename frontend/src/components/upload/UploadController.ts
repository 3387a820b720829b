import { checkUpload, type UploadKind } from '@consulta/shared';
import AwsS3 from '@uppy/aws-s3';
import Uppy from '@uppy/core';
import type { Body } from '@uppy/core/utils';
import { MultipartUploader, type UploadMeta } from './MultipartUploader';
import type { UploadCalls } from './uploadCalls';
import {
  SpeedMeter,
  absoluteUrl,
  afterDirectFailure,
  afterProxyFailure,
  classifyFailure,
  failureReason,
  percentOf,
  sendableHeaders,
  storageRoute,
  type UploadRoute,
} from './uploadLogic';

/**
 * idle: nothing chosen (or a refused choice, see `invalid`); uploading: bytes on their way (direct, multipart or
 * proxy); interrupted: the connection dropped, the upload waits to resume; failed: it stopped (see `reason`);
 * done: stored, `fileKey` set.
 */
export type UploadPhase = 'idle' | 'uploading' | 'interrupted' | 'failed' | 'done';

export interface UploadSnapshot {
  phase: UploadPhase;
  route: UploadRoute | null;
  fileName: string | null;
  fileSize: number;
  bytesUploaded: number;
  /** Whole percent, 0-100. */
  percent: number;
  /** Bytes per second over the last seconds; null until known. */
  speed: number | null;
  secondsLeft: number | null;
  /** The spec's message for a file refused before uploading (type, size). */
  invalid: string | null;
  /** Why the upload failed, for 'Error al subir el video: {reason}'. */
  reason: string | null;
  fileKey: string | null;
}

export interface UploadedFile {
  fileKey: string;
  fileName: string;
  size: number;
  route: UploadRoute;
}

/** What the screen hears: the file is stored; the upload failed for good (after the proxy, or refused); cancelled. */
export interface UploadHooks {
  uploaded?: (file: UploadedFile) => void;
  failed?: (reason: string) => void;
  cancelled?: () => void;
}

export interface UploadControllerOptions {
  kind?: UploadKind;
  /** Parts sent at once. */
  limit?: number;
  retryDelays?: readonly number[];
  now?: () => number;
  online?: () => boolean;
  /** Window to hear 'online' on (resume after a drop); none in tests. */
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
}

export const IDLE_UPLOAD: UploadSnapshot = {
  phase: 'idle',
  route: null,
  fileName: null,
  fileSize: 0,
  bytesUploaded: 0,
  percent: 0,
  speed: null,
  secondsLeft: null,
  invalid: null,
  reason: null,
  fileKey: null,
};

/** How often speed and time left are refreshed when the percent has not moved. */
const REFRESH_MS = 250;

const quiet = { debug: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * One file's upload to storage, framework-free (useUpload binds it to React): the file is
 * checked with the shared rules, then sent straight to the store, by @uppy/aws-s3 (one presigned PUT, below the
 * multipart threshold) or by MultipartUploader (presigned parts, at or above it). A dropped connection leaves it
 * 'interrupted' (resumed by retry() or when the browser is back online). Any other failure of the direct route
 * falls back once to the API's proxy upload; if that fails too, the upload has failed with its reason.
 */
export class UploadController {
  private snapshot: UploadSnapshot = IDLE_UPLOAD;
  private readonly listeners = new Set<() => void>();
  private readonly uppy: Uppy<UploadMeta, Body>;
  private readonly multipart: MultipartUploader<UploadMeta, Body>;
  private readonly meter = new SpeedMeter();
  private readonly kind: UploadKind;
  private readonly now: () => number;
  private readonly online: () => boolean;
  private readonly target: UploadControllerOptions['target'];
  private hooks: UploadHooks = {};
  private fileId: string | null = null;
  private file: File | null = null;
  private customPath = '';
  private contentType = '';
  private proxyAbort: AbortController | null = null;
  private lastEmit = 0;

  constructor(
    private readonly calls: UploadCalls,
    options: UploadControllerOptions = {},
  ) {
    this.kind = options.kind ?? 'video';
    this.now = options.now ?? (() => Date.now());
    this.online = options.online ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
    this.target = options.target === undefined ? (typeof window === 'undefined' ? null : window) : options.target;
    this.uppy = new Uppy<UploadMeta, Body>({ autoProceed: false, allowMultipleUploadBatches: true, logger: quiet });
    this.uppy.use(MultipartUploader<UploadMeta, Body>, {
      calls,
      limit: options.limit,
      retryDelays: options.retryDelays,
      online: this.online,
      shouldUseMultipart: (file) => storageRoute(file.size ?? 0) === 'multipart',
    });
    this.multipart = this.uppy.getPlugin('ConsultaMultipart') as unknown as MultipartUploader<UploadMeta, Body>;
    this.uppy.use(AwsS3<UploadMeta, Body>, {
      shouldUseMultipart: false,
      limit: 1,
      // The key Uppy proposes names the file, so the signer finds its name, size and path; the server picks the real key.
      generateObjectKey: (file) => file.id,
      signRequest: async (request) => {
        const file = this.uppy.getFile(request.key);
        // Only the one PUT of a file below the threshold comes here (MultipartUploader takes the others).
        if (request.method !== 'PUT' || 'uploadId' in request || !file || storageRoute(file.size ?? 0) !== 'direct') {
          throw new Error('Solicitud de firma no admitida');
        }
        const answer = await this.calls.presignedUpload({
          file_name: file.name ?? 'video',
          content_type: file.meta.contentType,
          file_size: file.size ?? 0,
          custom_path: file.meta.customPath,
        });
        return { url: absoluteUrl(answer.upload_url), key: answer.file_key, headers: sendableHeaders(answer.headers) };
      },
    });
    this.uppy.on('upload-progress', (file, progress) => {
      if (file?.id === this.fileId && this.snapshot.route !== 'proxy') this.progress(progress.bytesUploaded ?? 0);
    });
    this.uppy.on('upload-success', (file, response) => {
      if (file?.id !== this.fileId) return;
      const key = (response.body as { key?: unknown } | undefined)?.key;
      if (typeof key === 'string' && key) this.succeed(key);
      else void this.fallBack(file.id);
    });
    this.uppy.on('upload-error', (file, error) => {
      if (file?.id === this.fileId) this.directFailed(file.id, error);
    });
    this.target?.addEventListener('online', this.onOnline);
    this.target?.addEventListener('offline', this.onOffline);
  }

  // ---- store ----------------------------------------------------------------------------------------------------

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): UploadSnapshot => this.snapshot;

  private set(patch: Partial<UploadSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    this.lastEmit = this.now();
    this.listeners.forEach((l) => l());
  }

  setHooks(hooks: UploadHooks) {
    this.hooks = hooks;
  }

  /** Bytes in flight are at the store (or the API): a new percent, speed and time left. */
  private progress(bytes: number) {
    const now = this.now();
    this.meter.add(now, bytes);
    const total = this.snapshot.fileSize;
    const percent = percentOf(bytes, total);
    if (percent === this.snapshot.percent && now - this.lastEmit < REFRESH_MS) return;
    this.set({ bytesUploaded: bytes, percent, speed: this.meter.speed(), secondsLeft: this.meter.secondsLeft(total) });
  }

  // ---- actions --------------------------------------------------------------------------------------------------

  /** True while bytes may still move (the draft cannot be saved meanwhile). */
  get busy(): boolean {
    return this.snapshot.phase === 'uploading' || this.snapshot.phase === 'interrupted';
  }

  /**
   * Checks the file with the shared rules (type, size: the spec's message when refused) and starts its upload to
   * `customPath`. Answers whether it started.
   */
  start(file: File, customPath: string): boolean {
    if (this.busy) return false;
    const check = checkUpload(this.kind, file.name, file.type, file.size);
    if (check.error || !check.contentType) {
      this.removeFile();
      this.set({ ...IDLE_UPLOAD, invalid: check.error ?? null });
      return false;
    }
    this.removeFile();
    this.file = file;
    this.contentType = check.contentType;
    this.customPath = customPath;
    this.set({ ...IDLE_UPLOAD, phase: 'uploading', route: storageRoute(file.size), fileName: file.name, fileSize: file.size });
    return this.send();
  }

  /** Hands the chosen file to Uppy and starts its upload. */
  private send(): boolean {
    const file = this.file!;
    this.meter.reset();
    try {
      this.fileId = this.uppy.addFile({
        name: file.name,
        type: this.contentType,
        data: file,
        source: 'Local',
        meta: { customPath: this.customPath, contentType: this.contentType },
      });
    } catch (error) {
      this.fail(failureReason(error));
      return false;
    }
    this.uppy.upload().catch(() => undefined);
    return true;
  }

  /** 'Cancelar': stops the bytes; a multipart upload is aborted on the server. */
  cancel() {
    if (!this.busy) return;
    this.proxyAbort?.abort();
    this.proxyAbort = null;
    this.removeFile();
    this.set(IDLE_UPLOAD);
    this.hooks.cancelled?.();
  }

  /**
   * 'Reintentar': a multipart upload resumes from the parts the store holds; a single PUT (or the proxy) starts
   * the direct route again.
   */
  retry() {
    const { phase } = this.snapshot;
    if ((phase !== 'interrupted' && phase !== 'failed') || !this.file) return;
    this.set({ phase: 'uploading', route: storageRoute(this.file.size), reason: null, speed: null, secondsLeft: null });
    if (this.fileId && this.uppy.getState().files[this.fileId]) {
      this.meter.reset();
      this.uppy.retryUpload(this.fileId).catch(() => undefined);
    } else {
      this.send();
    }
  }

  /** Back to choosing a file (after done, failed or a refused choice). */
  clear() {
    if (this.busy) return;
    this.removeFile();
    this.set(IDLE_UPLOAD);
  }

  /** The screen goes away: an upload under way is cancelled (and said so). */
  destroy() {
    const wasBusy = this.busy;
    this.target?.removeEventListener('online', this.onOnline);
    this.target?.removeEventListener('offline', this.onOffline);
    this.proxyAbort?.abort();
    this.removeFile();
    this.uppy.destroy();
    this.listeners.clear();
    if (wasBusy) this.hooks.cancelled?.();
  }

  // ---- flow -----------------------------------------------------------------------------------------------------

  private onOnline = () => {
    if (this.snapshot.phase === 'interrupted') this.retry();
  };

  /**
   * The browser lost the connection: the bytes in flight are stopped at once (a request may hang rather than fail)
   * and the upload waits. A multipart upload stays open on the server; a single PUT or the proxy starts over.
   */
  private onOffline = () => {
    if (this.snapshot.phase !== 'uploading' || !this.file) return;
    if (this.snapshot.route === 'multipart' && this.fileId) {
      this.multipart.pause(this.fileId);
    } else {
      this.proxyAbort?.abort();
      this.proxyAbort = null;
      this.dropUppyFile();
    }
    this.set({ phase: 'interrupted', speed: null, secondsLeft: null });
  };

  /** Takes the file out of Uppy (its requests stop; an open multipart upload is aborted on the server). */
  private dropUppyFile() {
    const id = this.fileId;
    this.fileId = null;
    if (id && this.uppy.getState().files[id]) this.uppy.removeFile(id);
  }

  private removeFile() {
    this.dropUppyFile();
    this.file = null;
  }

  private succeed(fileKey: string) {
    const file = this.file;
    const route = this.snapshot.route ?? 'direct';
    this.set({ phase: 'done', fileKey, percent: 100, bytesUploaded: this.snapshot.fileSize, secondsLeft: 0 });
    this.removeFile();
    if (file) this.hooks.uploaded?.({ fileKey, fileName: file.name, size: file.size, route });
  }

  private fail(reason: string) {
    this.set({ phase: 'failed', reason, speed: null, secondsLeft: null });
    this.hooks.failed?.(reason);
  }

  private directFailed(fileId: string, error: unknown) {
    const kind = classifyFailure(error, this.online());
    switch (afterDirectFailure(kind)) {
      case 'resume-later':
        this.set({ phase: 'interrupted', speed: null, secondsLeft: null });
        return;
      case 'proxy':
        void this.fallBack(fileId);
        return;
      case 'fail':
        this.fail(failureReason(error));
        return;
      default:
        // An expired session (already reported: the app goes to the sign-in) or a cancelled upload.
        this.removeFile();
        this.set(IDLE_UPLOAD);
    }
  }

  /** The direct route failed for good: the multipart upload is given up, and the file goes through the API once. */
  private async fallBack(fileId: string) {
    const file = this.file;
    if (!file || this.fileId !== fileId) return;
    this.multipart.discard(fileId);
    const abort = new AbortController();
    this.proxyAbort = abort;
    this.meter.reset();
    this.set({ phase: 'uploading', route: 'proxy', bytesUploaded: 0, percent: 0, speed: null, secondsLeft: null });
    try {
      const answer = await this.calls.proxyUpload(file, this.customPath, {
        signal: abort.signal,
        onProgress: (loaded) => {
          if (!abort.signal.aborted) this.progress(loaded);
        },
      });
      if (abort.signal.aborted) return;
      this.proxyAbort = null;
      if (!answer.success || !answer.file_key) return this.fail(answer.error || failureReason(null));
      this.succeed(answer.file_key);
    } catch (error) {
      if (abort.signal.aborted || this.proxyAbort !== abort) return;
      this.proxyAbort = null;
      if (afterProxyFailure(classifyFailure(error, this.online())) === 'stop') {
        this.removeFile();
        this.set(IDLE_UPLOAD);
        return;
      }
      this.fail(failureReason(error));
    }
  }
}
