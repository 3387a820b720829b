import { describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../test/fakeXhr';
import { STALL_MS, putToStore } from './storeRequest';
import { StoreRequestError } from './uploadLogic';

const body = () => new Blob([new Uint8Array(100)]);

describe('putToStore', () => {
  it('PUTs the bytes with the headers, reports progress and answers the ETag', async () => {
    FakeXhr.install(() => ({ status: 200, headers: { ETag: '"abc"' }, progress: [0.3, 1] }));
    const seen: number[] = [];
    const answer = await putToStore('http://localhost/api/v1/storage/part?x=1', body(), {
      headers: { 'Content-Type': 'video/mp4' },
      onProgress: (n) => seen.push(n),
    });
    expect(answer.etag).toBe('"abc"');
    expect(FakeXhr.requests[0]).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'video/mp4' }, size: 100 });
    expect(seen).toEqual([30, 100]);
  });

  it('reads an ETag from a JSON answer when there is no header', async () => {
    FakeXhr.install(() => ({ status: 200, body: JSON.stringify({ ETag: '"j"' }) }));
    expect((await putToStore('http://x/', body())).etag).toBe('"j"');
  });

  it('fails with the store status, or 0 without an answer', async () => {
    FakeXhr.install(() => ({ status: 403 }));
    await expect(putToStore('http://x/', body())).rejects.toMatchObject({ name: 'StoreRequestError', status: 403 });
    FakeXhr.install(() => ({ status: 0 }));
    await expect(putToStore('http://x/', body())).rejects.toBeInstanceOf(StoreRequestError);
  });

  it('gives a request up when its bytes stop moving, and aborts on the signal', async () => {
    vi.useFakeTimers();
    FakeXhr.install(() => ({ status: 200, hang: true }));
    const stalled = putToStore('http://x/', body()).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(STALL_MS);
    expect(await stalled).toMatchObject({ name: 'StoreRequestError', status: 0 });

    const abort = new AbortController();
    const aborted = putToStore('http://x/', body(), { signal: abort.signal }).catch((e: unknown) => e);
    abort.abort();
    expect(await aborted).toMatchObject({ name: 'AbortError' });
  });
});
