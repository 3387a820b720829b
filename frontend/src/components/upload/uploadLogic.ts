import { STORAGE_LIMITS } from '@consulta/shared';
import { WORKSPACE_TEXT } from '../../i18n/es/workspace';
import { LOCALE } from '../../i18n/format';

/**
 * The rules of a browser upload, free of React and of the network: which route a file
 * takes, how a failure is read and what comes next, and how progress, speed and time left are shown (es-ES).
 */

const MiB = 1024 * 1024;

// ---- routes ---------------------------------------------------------------------------------------------------

/** direct: one presigned PUT; multipart: presigned parts; proxy: the file through the API (the fallback). */
export type UploadRoute = 'direct' | 'multipart' | 'proxy';

/** Below 100 MB one PUT; at or above, parts. */
export const storageRoute = (size: number): Exclude<UploadRoute, 'proxy'> =>
  size >= STORAGE_LIMITS.multipartThresholdBytes ? 'multipart' : 'direct';

/** Every part but the last has exactly this size (what the server expects; its `part_size` wins when given). */
export const chunkSize = (partSize: number = STORAGE_LIMITS.partSizeBytes): number => partSize;

export interface Chunk {
  partNumber: number;
  start: number;
  end: number;
}

/** The parts of a file of `size` bytes: numbered from 1, `partSize` each, the last one shorter. */
export function chunkPlan(size: number, partSize: number = STORAGE_LIMITS.partSizeBytes): Chunk[] {
  if (!(partSize > 0)) throw new RangeError('partSize');
  const chunks: Chunk[] = [];
  for (let start = 0, n = 1; start < size; start += partSize, n++)
    chunks.push({ partNumber: n, start, end: Math.min(start + partSize, size) });
  return chunks;
}

/** Waits before the 1st, 2nd, 3rd... new attempt of a failed part (the first retry at once). */
export const RETRY_DELAYS_MS = [0, 1000, 3000, 5000] as const;

// ---- failures -------------------------------------------------------------------------------------------------

/** A request to the store itself (a presigned PUT of the file or of a part) that failed; status 0: no answer. */
export class StoreRequestError extends Error {
  readonly status: number;
  constructor(status: number, message = status ? `El almacenamiento respondió ${status}` : 'Sin respuesta del almacenamiento') {
    super(message);
    this.name = 'StoreRequestError';
    this.status = status;
  }
}

/**
 * cancelled: the user stopped it; offline: the connection dropped (resume later); session: the sign-in expired
 * (already reported); refused: the API said no to this file (type, size, patient), another route would say the
 * same; no-space: the server's disk is full (507), another route would say the same, and what was stored stays for
 * 'Reintentar'; unreachable: the store or the API failed, another route may work.
 */
export type FailureKind = 'cancelled' | 'offline' | 'session' | 'refused' | 'no-space' | 'unreachable';

/** The server has no room for the file (the API's or the local store's 507). */
const NO_SPACE = 507;

const record = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

const statusOf = (error: unknown): number | null => (record(error) && typeof error.status === 'number' ? error.status : null);

/** The failure came from the store (a presigned URL), not from the API. */
const isStoreError = (error: unknown): boolean =>
  error instanceof StoreRequestError || (record(error) && (error.name === 'S3NetworkError' || error.name === 'S3ServiceError'));

export const isAbortError = (error: unknown): boolean => record(error) && error.name === 'AbortError';

/** How a failed upload call is read; `online` is the browser's own belief (navigator.onLine). */
export function classifyFailure(error: unknown, online: boolean): FailureKind {
  if (isAbortError(error)) return 'cancelled';
  const status = statusOf(error);
  if (status === NO_SPACE) return 'no-space';
  if (isStoreError(error)) {
    if ((status === null || status === 0) && !online) return 'offline';
    return 'unreachable';
  }
  if (status === null) return online ? 'unreachable' : 'offline';
  if (status === 0) return online ? 'unreachable' : 'offline';
  if (status === 401 || status === 403) return 'session';
  if (status >= 500 || status === 408 || status === 429) return 'unreachable';
  return 'refused';
}

/**
 * What follows a failed direct (PUT or multipart) upload: wait for the connection and resume; try the proxy
 * upload once; stop with the reason; or nothing (cancelled, or a session already reported as expired).
 */
export type NextStep = 'resume-later' | 'proxy' | 'fail' | 'stop';

export function afterDirectFailure(kind: FailureKind): NextStep {
  switch (kind) {
    case 'offline':
      return 'resume-later';
    case 'unreachable':
      return 'proxy';
    case 'refused':
    case 'no-space':
      return 'fail';
    default:
      return 'stop';
  }
}

/** After the proxy upload failed too: the reason is shown (unless cancelled or the session expired). */
export const afterProxyFailure = (kind: FailureKind): NextStep => (kind === 'cancelled' || kind === 'session' ? 'stop' : 'fail');

/** A part or PUT worth trying again at once (no answer, a server failure, rate limit); 4xx and a full disk are final. */
export const isRetryableStatus = (status: number): boolean =>
  status === 0 || status === 408 || status === 429 || (status >= 500 && status !== NO_SPACE);

/** The words after 'Error al subir el video: ': the server's own message when it sent one. */
export function failureReason(error: unknown): string {
  if (record(error)) {
    const body = error.body;
    if (record(body) && typeof body.detail === 'string' && body.detail.trim()) return body.detail;
    const status = statusOf(error);
    if (status === NO_SPACE) return WORKSPACE_TEXT.upload.noSpaceReason;
    if (status === 0 || error.name === 'S3NetworkError') return WORKSPACE_TEXT.upload.networkReason;
    if (isStoreError(error) || (status !== null && status >= 500)) return WORKSPACE_TEXT.upload.serverReason;
    if (typeof error.message === 'string' && error.message && !/^HTTP error|^This looks like/.test(error.message)) return error.message;
  }
  return WORKSPACE_TEXT.upload.serverReason;
}

// ---- progress -------------------------------------------------------------------------------------------------

/** Whole percent, 0-100 (a finished upload is 100 even if the last event was short of it). */
export function percentOf(bytesUploaded: number, bytesTotal: number): number {
  if (!(bytesTotal > 0)) return 0;
  return Math.max(0, Math.min(100, Math.floor((bytesUploaded / bytesTotal) * 100)));
}

interface Sample {
  at: number;
  bytes: number;
}

/**
 * Upload speed over the last few seconds (so a stall shows at once) and the time left at that speed. Feed it
 * (time in ms, bytes sent so far); it forgets samples older than `windowMs`.
 */
export class SpeedMeter {
  private samples: Sample[] = [];
  constructor(private readonly windowMs = 5000) {}

  reset() {
    this.samples = [];
  }

  add(at: number, bytes: number) {
    const last = this.samples[this.samples.length - 1];
    if (last && bytes < last.bytes) this.samples = []; // restarted (resume from fewer parts, another route)
    this.samples.push({ at, bytes });
    const keepFrom = at - this.windowMs;
    while (this.samples.length > 2 && this.samples[1].at <= keepFrom) this.samples.shift();
  }

  /** Bytes per second, or null before there is a second of history. */
  speed(): number | null {
    if (this.samples.length < 2) return null;
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    const ms = last.at - first.at;
    if (ms < 500) return null;
    return ((last.bytes - first.bytes) * 1000) / ms;
  }

  /** Seconds to send what is left, or null when the speed is unknown or zero. */
  secondsLeft(total: number): number | null {
    const speed = this.speed();
    const last = this.samples[this.samples.length - 1];
    if (!speed || speed <= 0 || !last) return null;
    return Math.max(0, (total - last.bytes) / speed);
  }
}

const number = (value: number, digits: number) => value.toLocaleString(LOCALE, { maximumFractionDigits: digits, minimumFractionDigits: 0 });

/** '46 %' (es-ES writes a space before the sign). */
export const formatPercent = (percent: number): string =>
  new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);

/** '12,3 MB/s' (binary megabytes, like the limits); '0,45 MB/s' below one. */
export function formatSpeed(bytesPerSecond: number | null): string | null {
  if (bytesPerSecond === null || !Number.isFinite(bytesPerSecond) || bytesPerSecond < 0) return null;
  const mb = bytesPerSecond / MiB;
  return `${number(mb, mb < 1 ? 2 : 1)} MB/s`;
}

/** '2 h 5 min', '3 min 20 s', '45 s', 'Menos de 1 s'; null when unknown. */
export function formatDuration(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return null;
  const s = Math.round(seconds);
  if (s < 1) return WORKSPACE_TEXT.upload.almostDone;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  if (m > 0) return rest > 0 && m < 10 ? `${m} min ${rest} s` : `${m} min`;
  return `${rest} s`;
}

/** 'Quedan 3 min 20 s', 'Menos de 1 s', or 'Calculando tiempo restante…'. */
export function formatTimeLeft(seconds: number | null): string {
  const text = formatDuration(seconds);
  if (text === null) return WORKSPACE_TEXT.upload.calculating;
  return text === WORKSPACE_TEXT.upload.almostDone ? text : WORKSPACE_TEXT.upload.timeLeft(text);
}

/** A header a page may not set on a request (the browser sets it, or refuses): dropped from the signer's list. */
const FORBIDDEN_HEADERS = new Set([
  'content-length',
  'host',
  'connection',
  'date',
  'expect',
  'keep-alive',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** The headers the server signed the URL with, minus those a browser sets itself (Content-Length...). */
export const sendableHeaders = (headers: Record<string, string> | null | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(headers ?? {}).filter(([name]) => !FORBIDDEN_HEADERS.has(name.toLowerCase())));

/** A root-relative URL ('/api/v1/storage/...', as the local store answers) made absolute against the page. */
export const absoluteUrl = (url: string, base: string = globalThis.location?.href ?? 'http://localhost/'): string =>
  new URL(url, base).href;
