import { API_PREFIX, EXPIRY_TOAST_MS, type ErrorCode } from '@consulta/shared';
import { TEXT } from '../../i18n/es/app';
import { toastError } from '../../components/toast/toastStore';
import { currentLocation, currentPath, navigateTo } from './navigation';
import { clearSession, getToken, markTokenExpiredShown, tokenExpiredShown } from './session';
import { sseParser, type SseEvent } from './sse';

/**
 * The one fetch wrapper of the app. Public pages, the auth layer and the react-admin
 * data provider all call the API through it.
 */

export const TOKEN_EXPIRED_MESSAGE = 'Token expired. User needs to log in again.';
/** A request that never got an answer (offline, server down): status 0, in Spanish like every message a user sees. */
export const NETWORK_ERROR_MESSAGE = 'Error de conexión. Verifica tu conexión a internet e intenta de nuevo.';
export const SESSION_CLEARED_EVENT = 'consulta:session-cleared';

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(message: string, status: number, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The answer's stable `code` (ALREADY_EXISTS, DRAFT_BUSY, ...): what the app branches on, never the text. */
  get code(): ErrorCode | null {
    const code = this.body && typeof this.body === 'object' ? (this.body as { code?: unknown }).code : undefined;
    return typeof code === 'string' ? (code as ErrorCode) : null;
  }
}

/** The `code` of a failed call, if the server named one. */
export const errorCode = (error: unknown): ErrorCode | null => (error instanceof ApiError ? error.code : null);

export const isTokenExpiredError = (error: unknown): boolean => error instanceof Error && error.message === TOKEN_EXPIRED_MESSAGE;

export interface ApiRequestInit extends Omit<RequestInit, 'headers'> {
  headers?: HeadersInit;
  /**
   * For the sign-in calls made without a session (login, Google, demo): a 401/403 there means wrong
   * credentials, not an expired session, so it is reported like any other error.
   */
  skipSessionExpiry?: boolean;
  /** Overrides the stored token (used right after sign-in, before the token is kept). */
  token?: string | null;
  /**
   * Asks for server-sent events (`Accept: text/event-stream`) and hands each to this as it arrives; the call ends
   * with the stream. A refusal (an error status) fails as any other call.
   */
  onEvent?: (event: SseEvent) => void;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: string;
  json: T;
}

/** '/pacientes/' → '/api/v1/pacientes/'; absolute URLs and '/api/...' paths are left alone. */
export function apiUrl(path: string): string {
  if (/^https?:\/\//.test(path) || path.startsWith('/api/')) return path;
  return `${API_PREFIX}${path.startsWith('/') ? '' : '/'}${path}`;
}

function detailOf(json: unknown): string | null {
  if (!json || typeof json !== 'object') return null;
  const detail = (json as { detail?: unknown }).detail;
  if (typeof detail === 'string' && detail.trim()) return detail;
  if (Array.isArray(detail)) {
    const parts = detail
      .map((d) => (typeof d === 'string' ? d : d && typeof d === 'object' ? (d as { msg?: unknown }).msg : null))
      .filter((m): m is string => typeof m === 'string' && m.length > 0);
    if (parts.length) return parts.join('. ');
  }
  return null;
}

/** A call that got no usable answer (no connection, or a server failure): worth retrying, says nothing about the input. */
export const isUnreachable = (error: unknown): boolean => error instanceof ApiError && (error.status === 0 || error.status >= 500);

/**
 * The server's answers to 'already there' carry the English words the spec's clients look for ('... (already
 * exists)'); a person reads the Spanish sentence only.
 */
const ENGLISH_MARKER: Partial<Record<ErrorCode, RegExp>> = {
  ALREADY_EXISTS: /\s*\(already exists\)\s*$/,
  ALREADY_ASSIGNED: /\s*\(already assigned\)\s*$/,
};

/** The server's own `detail` of a failed call, as a person reads it, if it sent one. */
export function serverDetail(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const detail = detailOf(error.body);
  const marker = error.code ? ENGLISH_MARKER[error.code] : undefined;
  return detail && marker ? detail.replace(marker, '') : detail;
}

/** The message of a non-OK answer: detail, else the status text, else 'HTTP error! status: {code}'. */
export function errorMessage(status: number, statusText: string, json: unknown): string {
  return detailOf(json) ?? (statusText || `HTTP error! status: ${status}`);
}

/**
 * Ends the session after a 401/403: clears the stored credentials, tells the user once per browser
 * session (not on /login itself) and goes to /login, remembering where the user was.
 */
export function handleExpiredSession(): void {
  clearSession();
  window.dispatchEvent(new Event(SESSION_CLEARED_EVENT));
  if (currentPath() === '/login') return;
  if (!tokenExpiredShown()) {
    markTokenExpiredShown();
    toastError(TEXT.auth.sessionExpiredTitle, TEXT.auth.sessionExpired, EXPIRY_TOAST_MS, true);
  }
  navigateTo('/login', { replace: true, state: { from: currentLocation() } });
}

/** Browsers refuse `keepalive` bodies over 64 KiB (all such requests of a page together): larger ones go without it. */
const KEEPALIVE_MAX_BYTES = 60_000;

export async function apiRequest<T = unknown>(path: string, init: ApiRequestInit = {}): Promise<ApiResponse<T>> {
  const { skipSessionExpiry, token: tokenOverride, headers: initHeaders, onEvent, ...rest } = init;
  if (rest.keepalive && typeof rest.body === 'string' && new Blob([rest.body]).size > KEEPALIVE_MAX_BYTES) rest.keepalive = false;
  const headers = new Headers(initHeaders);
  const isForm = typeof FormData !== 'undefined' && rest.body instanceof FormData;
  if (!isForm && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  if (!headers.has('Accept')) headers.set('Accept', onEvent ? 'text/event-stream' : 'application/json');
  const token = tokenOverride === undefined ? getToken() : tokenOverride;
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let response: Response;
  try {
    response = await fetch(apiUrl(path), { ...rest, headers });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
  }
  if (onEvent && response.ok && response.headers.get('Content-Type')?.startsWith('text/event-stream')) {
    await readEvents(response, onEvent);
    return { status: response.status, headers: response.headers, body: '', json: undefined as T };
  }
  const body = await response.text();
  let json: unknown = undefined;
  if (body) {
    try {
      json = JSON.parse(body);
    } catch {
      json = undefined;
    }
  }

  if ((response.status === 401 || response.status === 403) && !skipSessionExpiry) {
    handleExpiredSession();
    throw new ApiError(TOKEN_EXPIRED_MESSAGE, response.status, json);
  }
  if (!response.ok) {
    throw new ApiError(errorMessage(response.status, response.statusText, json), response.status, json);
  }
  return { status: response.status, headers: response.headers, body, json: json as T };
}

/** Reads an event stream to its end; a connection lost midway fails like one never made. */
async function readEvents(response: Response, onEvent: (event: SseEvent) => void): Promise<void> {
  const parser = sseParser(onEvent);
  const decoder = new TextDecoder();
  const reader = response.body!.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
  }
  parser.push(decoder.decode());
  parser.end();
}

const withBody =
  (method: string) =>
  (path: string, data?: unknown, init: ApiRequestInit = {}) =>
    apiRequest(path, { ...init, method, body: data === undefined ? undefined : JSON.stringify(data) });

/** JSON helpers over apiRequest: they answer the parsed body. */
export const api = {
  get: async <T>(path: string, init?: ApiRequestInit): Promise<T> => (await apiRequest<T>(path, init)).json,
  post: async <T>(path: string, data?: unknown, init?: ApiRequestInit): Promise<T> => (await withBody('POST')(path, data, init)).json as T,
  put: async <T>(path: string, data?: unknown, init?: ApiRequestInit): Promise<T> => (await withBody('PUT')(path, data, init)).json as T,
  patch: async <T>(path: string, data?: unknown, init?: ApiRequestInit): Promise<T> =>
    (await withBody('PATCH')(path, data, init)).json as T,
  delete: async <T>(path: string, init?: ApiRequestInit): Promise<T> => (await apiRequest<T>(path, { ...init, method: 'DELETE' })).json,
};

export interface UploadRequestOptions {
  /** Bytes of the body sent so far. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * A multipart-form POST through XMLHttpRequest (fetch reports no upload progress): same token, session expiry
 * and error messages as apiRequest; `onProgress` hears the bytes leave, `signal` aborts (an AbortError).
 */
export function apiUpload<T = unknown>(path: string, form: FormData, { onProgress, signal }: UploadRequestOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const aborted = () => new DOMException('Subida cancelada', 'AbortError');
    if (signal?.aborted) return reject(aborted());
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('POST', apiUrl(path), true);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      done();
      let json: unknown;
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        json = undefined;
      }
      if (xhr.status === 401 || xhr.status === 403) {
        handleExpiredSession();
        return reject(new ApiError(TOKEN_EXPIRED_MESSAGE, xhr.status, json));
      }
      if (xhr.status < 200 || xhr.status >= 300)
        return reject(new ApiError(errorMessage(xhr.status, xhr.statusText, json), xhr.status, json));
      resolve(json as T);
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(NETWORK_ERROR_MESSAGE, 0));
    };
    xhr.onabort = () => {
      done();
      reject(aborted());
    };
    xhr.send(form);
  });
}

/**
 * What the features' calls are written against (each feature's `calls.ts` is a function of it, spread into the data
 * provider): the JSON helpers, the whole answer (for its headers) and the multipart upload with progress.
 */
export const http = { ...api, request: apiRequest, upload: apiUpload };
export type HttpClient = typeof http;

/** One path segment of a URL, escaped: `/pacientes/${segment(id)}`. */
export const segment = (value: string): string => encodeURIComponent(value);
