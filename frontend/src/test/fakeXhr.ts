import { vi } from 'vitest';

/** How the fake store answers one request: a status (0: the connection dropped), headers and a body. */
export interface FakeAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Upload progress events sent before the answer, as fractions of the body (default: half, then all). */
  progress?: number[];
  /** Never answers (until aborted); `progress` events are still sent. */
  hang?: boolean;
}

export interface FakeRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** Bytes of the body (a Blob's size, or a FormData's file). */
  size: number;
}

type Handler = (request: FakeRequest) => FakeAnswer;

const sizeOf = (body: unknown): number => {
  if (body instanceof Blob) return body.size;
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    const file = body.get('file');
    return file instanceof Blob ? file.size : 0;
  }
  return typeof body === 'string' ? body.length : 0;
};

/**
 * A stand-in for XMLHttpRequest (what @uppy/aws-s3, the part uploader and the proxy upload use): every request is
 * recorded and answered asynchronously by `handler`, with upload progress events first.
 */
export class FakeXhr {
  static requests: FakeRequest[] = [];
  static handler: Handler = () => ({ status: 200 });

  method = 'GET';
  url = '';
  status = 0;
  statusText = '';
  responseText = '';
  response = '';
  responseType = '';
  withCredentials = false;
  timeout = 0;
  readyState = 0;
  private requestHeaders: Record<string, string> = {};
  private responseHeaders: Record<string, string> = {};
  private aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
    this.readyState = 1;
  }

  setRequestHeader(name: string, value: string) {
    this.requestHeaders[name] = value;
  }

  getResponseHeader(name: string): string | null {
    const found = Object.entries(this.responseHeaders).find(([k]) => k.toLowerCase() === name.toLowerCase());
    return found ? found[1] : null;
  }

  getAllResponseHeaders(): string {
    return Object.entries(this.responseHeaders)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n');
  }

  abort() {
    if (this.aborted || this.readyState === 4) return;
    this.aborted = true;
    this.readyState = 4;
    this.status = 0;
    this.onabort?.();
  }

  send(body: unknown) {
    const request: FakeRequest = { method: this.method, url: this.url, headers: { ...this.requestHeaders }, body, size: sizeOf(body) };
    FakeXhr.requests.push(request);
    const answer = FakeXhr.handler(request);
    if (answer.hang && !answer.progress) return;
    setTimeout(() => {
      if (this.aborted) return;
      for (const fraction of answer.progress ?? [0.5, 1]) {
        this.upload.onprogress?.({
          lengthComputable: true,
          loaded: Math.round(request.size * fraction),
          total: request.size,
        } as ProgressEvent);
      }
      if (this.aborted || answer.hang) return;
      this.readyState = 4;
      this.status = answer.status;
      this.statusText = answer.status === 200 ? 'OK' : '';
      this.responseHeaders = answer.headers ?? {};
      this.responseText = answer.body ?? '';
      this.response = this.responseText;
      if (answer.status === 0) this.onerror?.();
      else this.onload?.();
    }, 0);
  }

  static install(handler: Handler = () => ({ status: 200 })) {
    FakeXhr.requests = [];
    FakeXhr.handler = handler;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  }
}

const MiB = 1024 * 1024;

/**
 * A video of `size` bytes without holding them: slices are real (small) blobs of the right length. For uploads
 * above the multipart threshold in tests.
 */
export function bigVideo(name: string, size: number, type = 'video/mp4'): File {
  const file = new File([new Uint8Array(1)], name, { type, lastModified: 1_700_000_000_000 });
  Object.defineProperty(file, 'size', { value: size });
  Object.defineProperty(file, 'slice', {
    value: (start = 0, end = size) => new Blob([new Uint8Array(Math.max(0, Math.min(end, size) - start))]),
  });
  return file;
}

export const MIB = MiB;
