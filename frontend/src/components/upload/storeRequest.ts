import { StoreRequestError } from './uploadLogic';

export interface StoreAnswer {
  status: number;
  /** The ETag the store gave the bytes (a part's, for completing a multipart upload). */
  etag: string | null;
  body: string;
}

const abortError = () => new DOMException('Subida cancelada', 'AbortError');

/** A request whose bytes stop moving for this long is given up (a connection that died without an error). */
export const STALL_MS = 30_000;

/**
 * One PUT of bytes to a presigned store URL, with upload progress and abort. Rejects with StoreRequestError when
 * the store answers non-2xx or does not answer (status 0, also when nothing moved for `stallMs`), and with an
 * AbortError when `signal` aborts.
 */
export function putToStore(
  url: string,
  body: Blob,
  {
    headers = {},
    onProgress,
    signal,
    stallMs = STALL_MS,
  }: { headers?: Record<string, string>; onProgress?: (loaded: number) => void; signal?: AbortSignal; stallMs?: number } = {},
): Promise<StoreAnswer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
    let stalled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        stalled = true;
        xhr.abort();
      }, stallMs);
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    xhr.open('PUT', url, true);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      watch();
      if (event.lengthComputable) onProgress?.(event.loaded);
    };
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve({ status: xhr.status, etag: etagOf(xhr), body: xhr.responseText });
      } else {
        reject(new StoreRequestError(xhr.status));
      }
    };
    xhr.onerror = () => {
      done();
      reject(new StoreRequestError(0));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(stalled ? new StoreRequestError(0, 'La subida dejó de avanzar') : abortError());
    };
    watch();
    xhr.send(body);
  });
}

/** The ETag header (S3 and the local store), else an `ETag` in a JSON body; without quotes kept as given. */
function etagOf(xhr: XMLHttpRequest): string | null {
  const header = xhr.getResponseHeader('ETag');
  if (header) return header;
  try {
    const json = JSON.parse(xhr.responseText) as { ETag?: unknown; etag?: unknown };
    const value = json.ETag ?? json.etag;
    return typeof value === 'string' && value ? value : null;
  } catch {
    return null;
  }
}
