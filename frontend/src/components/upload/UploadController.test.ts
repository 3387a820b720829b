// @vitest-environment jsdom
import { MSG, STORAGE_LIMITS, type ListPartsAnswer, type ProxyUploadAnswer } from '@consulta/shared';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { FakeXhr, MIB, bigVideo, type FakeRequest } from '../../test/fakeXhr';
import { waitForUppyTimersAfterAll } from '../../test/uppy';
import type { UploadCalls } from './uploadCalls';
import { UploadController, type UploadSnapshot } from './UploadController';

const PATH = 'sesiones/p1';
const KEY = 'files/t1/sesiones/p1/0123456789abcdef-sesion.mp4';

/** An API failure as the app's fetch wrapper throws it (status and `{detail, code}` body). */
const apiError = (status: number, detail?: string) =>
  Object.assign(new Error(detail ?? `HTTP error! status: ${status}`), { status, body: detail ? { detail } : undefined });

type Calls = { [K in keyof UploadCalls]: Mock<UploadCalls[K]> };

function fakeCalls(overrides: Partial<Calls> = {}): Calls {
  return {
    presignedUpload: vi.fn<UploadCalls['presignedUpload']>(async () => ({
      upload_url: '/api/v1/storage/object?key=k&size=1&type=video%2Fmp4&signature=s',
      file_key: KEY,
      method: 'PUT' as const,
      headers: { 'Content-Type': 'video/mp4', 'Content-Length': '1' },
    })),
    initiateMultipart: vi.fn<UploadCalls['initiateMultipart']>(async () => ({
      upload_id: 'u1',
      file_key: KEY,
      part_size: STORAGE_LIMITS.partSizeBytes,
    })),
    signPart: vi.fn<UploadCalls['signPart']>(async ({ part_number }) => ({
      presigned_url: `/api/v1/storage/part?upload=u1&part=${part_number}&signature=s`,
    })),
    listParts: vi.fn<UploadCalls['listParts']>(async (): Promise<ListPartsAnswer> => ({ parts: [] })),
    completeMultipart: vi.fn<UploadCalls['completeMultipart']>(async () => ({ success: true as const, file_key: KEY, size: 1 })),
    abortMultipart: vi.fn<UploadCalls['abortMultipart']>(async () => ({ success: true })),
    proxyUpload: vi.fn<UploadCalls['proxyUpload']>(async (file, _path, options): Promise<ProxyUploadAnswer> => {
      options?.onProgress?.(file.size / 2, file.size);
      options?.onProgress?.(file.size, file.size);
      return { success: true, file_key: KEY, file_url: KEY, file_name: file.name, size: file.size, error: null };
    }),
    ...overrides,
  };
}

const partOf = (r: FakeRequest) => Number(new URL(r.url).searchParams.get('part'));
const partPuts = () => FakeXhr.requests.filter((r) => r.url.includes('/storage/part'));

let online = true;
let controller: UploadController | null = null;

function setup(calls: UploadCalls, retryDelays: number[] = [0, 0], target: EventTarget | null = null) {
  const hooks = { uploaded: vi.fn(), failed: vi.fn(), cancelled: vi.fn() };
  const seen: UploadSnapshot[] = [];
  controller = new UploadController(calls, { online: () => online, retryDelays, target: target as Window | null });
  controller.setHooks(hooks);
  controller.subscribe(() => seen.push(controller!.getSnapshot()));
  return { c: controller, hooks, seen };
}

const settle = (c: UploadController, phases: UploadSnapshot['phase'][] = ['done', 'failed', 'interrupted', 'idle']) =>
  vi.waitFor(() => expect(phases).toContain(c.getSnapshot().phase), { timeout: 8000 });

beforeEach(() => {
  online = true;
  FakeXhr.install((r) => (r.url.includes('/storage/part') ? { status: 200, headers: { ETag: `"etag-${partOf(r)}"` } } : { status: 200 }));
});

waitForUppyTimersAfterAll();

afterEach(() => {
  controller?.destroy();
  controller = null;
});

describe('UploadController: checking the file', () => {
  it('refuses another type or a file over 10 GB with the spec message, before any call', () => {
    const calls = fakeCalls();
    const { c } = setup(calls);
    expect(c.start(new File(['%PDF'], 'notas.pdf', { type: 'application/pdf' }), PATH)).toBe(false);
    expect(c.getSnapshot()).toMatchObject({ phase: 'idle', invalid: MSG.storage.videoType });
    expect(c.start(bigVideo('larga.mp4', STORAGE_LIMITS.videoMaxBytes + 1), PATH)).toBe(false);
    expect(c.getSnapshot()).toMatchObject({ phase: 'idle', invalid: MSG.storage.videoTooLarge });
    expect(calls.presignedUpload).not.toHaveBeenCalled();
    expect(calls.initiateMultipart).not.toHaveBeenCalled();
    expect(FakeXhr.requests).toHaveLength(0);
  });
});

describe('UploadController: direct PUT below 100 MB (@uppy/aws-s3)', () => {
  it('signs, PUTs with the headers the server answered, reports progress, and hands over the key', async () => {
    const calls = fakeCalls();
    const { c, hooks, seen } = setup(calls);
    const file = bigVideo('sesion.mov', 10 * MIB, 'video/quicktime');
    expect(c.start(file, PATH)).toBe(true);
    expect(c.getSnapshot()).toMatchObject({ phase: 'uploading', route: 'direct', fileName: 'sesion.mov', fileSize: 10 * MIB });
    await settle(c);

    expect(calls.presignedUpload).toHaveBeenCalledWith({
      file_name: 'sesion.mov',
      content_type: 'video/quicktime',
      file_size: 10 * MIB,
      custom_path: PATH,
    });
    const [put] = FakeXhr.requests;
    expect(put.method).toBe('PUT');
    expect(put.url).toBe(`${window.location.origin}/api/v1/storage/object?key=k&size=1&type=video%2Fmp4&signature=s`);
    expect(put.headers['Content-Type']).toBe('video/mp4');
    expect(Object.keys(put.headers).map((h) => h.toLowerCase())).not.toContain('content-length');
    expect(calls.initiateMultipart).not.toHaveBeenCalled();
    expect(seen.some((s) => s.phase === 'uploading' && s.percent === 50)).toBe(true);
    expect(c.getSnapshot()).toMatchObject({ phase: 'done', fileKey: KEY, percent: 100 });
    expect(hooks.uploaded).toHaveBeenCalledWith({ fileKey: KEY, fileName: 'sesion.mov', size: 10 * MIB, route: 'direct' });
  });

  it('falls back once to the proxy upload when the store keeps failing, with its own progress', async () => {
    FakeXhr.install(() => ({ status: 503 }));
    const calls = fakeCalls();
    const { c, hooks, seen } = setup(calls);
    const file = bigVideo('sesion.mp4', 2 * MIB);
    c.start(file, PATH);
    await settle(c);
    // @uppy/aws-s3 tried the PUT four times (three retries), then the file went through the API.
    expect(FakeXhr.requests.filter((r) => r.method === 'PUT')).toHaveLength(4);
    expect(calls.proxyUpload).toHaveBeenCalledTimes(1);
    expect(calls.proxyUpload.mock.calls[0][0]).toBe(file);
    expect(calls.proxyUpload.mock.calls[0][1]).toBe(PATH);
    expect(seen.some((s) => s.route === 'proxy' && s.percent === 50)).toBe(true);
    expect(hooks.uploaded).toHaveBeenCalledWith(expect.objectContaining({ fileKey: KEY, route: 'proxy' }));
    expect(hooks.failed).not.toHaveBeenCalled();
  }, 15_000);

  it('a refusal of the API (type, size, patient) fails at once with its message: no proxy', async () => {
    const calls = fakeCalls({
      presignedUpload: vi.fn<UploadCalls['presignedUpload']>(async () => Promise.reject(apiError(404, 'Paciente no encontrado'))),
    });
    const { c, hooks } = setup(calls);
    c.start(bigVideo('sesion.mp4', MIB), PATH);
    await settle(c);
    expect(c.getSnapshot()).toMatchObject({ phase: 'failed', reason: 'Paciente no encontrado' });
    expect(hooks.failed).toHaveBeenCalledWith('Paciente no encontrado');
    expect(calls.proxyUpload).not.toHaveBeenCalled();
  });

  it('an expired session stops quietly (the app already sends the user to sign in)', async () => {
    const calls = fakeCalls({
      presignedUpload: vi.fn<UploadCalls['presignedUpload']>(async () =>
        Promise.reject(apiError(401, 'Token expired. User needs to log in again.')),
      ),
    });
    const { c, hooks } = setup(calls);
    c.start(bigVideo('sesion.mp4', MIB), PATH);
    await vi.waitFor(() => expect(calls.presignedUpload).toHaveBeenCalled());
    await settle(c, ['idle']);
    expect(hooks.failed).not.toHaveBeenCalled();
    expect(calls.proxyUpload).not.toHaveBeenCalled();
  });
});

describe('UploadController: multipart at or above 100 MB', () => {
  it('sends 5 MiB parts through presigned URLs and completes with their ETags in order', async () => {
    const calls = fakeCalls();
    const { c, hooks, seen } = setup(calls);
    const size = STORAGE_LIMITS.multipartThresholdBytes + 3 * MIB; // 21 parts, the last of 3 MiB
    c.start(bigVideo('sesion.mp4', size), PATH);
    expect(c.getSnapshot().route).toBe('multipart');
    await settle(c);

    expect(calls.presignedUpload).not.toHaveBeenCalled();
    expect(calls.initiateMultipart).toHaveBeenCalledWith({
      file_name: 'sesion.mp4',
      custom_path: PATH,
      content_type: 'video/mp4',
      file_size: size,
    });
    const puts = partPuts();
    expect(puts).toHaveLength(21);
    expect(puts.slice(0, 20).every((r) => r.size === 5 * MIB)).toBe(true);
    expect(puts.find((r) => partOf(r) === 21)?.size).toBe(3 * MIB);
    const { parts } = calls.completeMultipart.mock.calls[0][0] as { parts: { PartNumber: number; ETag: string }[] };
    expect(parts.map((p) => p.PartNumber)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    expect(parts[0].ETag).toBe('"etag-1"');
    const percents = seen.filter((s) => s.phase === 'uploading').map((s) => s.percent);
    expect(new Set(percents.filter((p) => p > 0 && p < 100)).size).toBeGreaterThan(5);
    expect(hooks.uploaded).toHaveBeenCalledWith(expect.objectContaining({ fileKey: KEY, route: 'multipart' }));
  });

  it("asks for the next part's URL while a part's bytes are still going, not after its answer", async () => {
    FakeXhr.install((r) => (partOf(r) === 1 ? { status: 200, hang: true } : { status: 200, headers: { ETag: `"etag-${partOf(r)}"` } }));
    const calls = fakeCalls();
    controller = new UploadController(calls, { online: () => online, retryDelays: [0, 0], target: null, limit: 1 });
    controller.start(bigVideo('sesion.mp4', 20 * 5 * MIB), PATH);
    // One part at a time: part 1 never answers, yet part 2's URL is there for when it does.
    await vi.waitFor(() => expect(calls.signPart.mock.calls.map(([req]) => req.part_number)).toEqual([1, 2]));
    expect(partPuts().map(partOf)).toEqual([1]);
  });

  it('a dropped connection pauses; Reintentar resumes from the parts the store lists', async () => {
    let dropped = false;
    FakeXhr.install((r) => {
      if (partOf(r) === 3 && !dropped) {
        dropped = true;
        online = false;
        return { status: 0 };
      }
      return { status: 200, headers: { ETag: `"etag-${partOf(r)}"` } };
    });
    const calls = fakeCalls({
      listParts: vi.fn<UploadCalls['listParts']>(async () => ({
        parts: [
          { PartNumber: 1, ETag: '"etag-1"', Size: 5 * MIB },
          { PartNumber: 2, ETag: '"etag-2"', Size: 5 * MIB },
          { PartNumber: 4, ETag: '"etag-4"', Size: 1 }, // cut short: sent again
        ],
      })),
    });
    const { c, hooks } = setup(calls);
    c.start(bigVideo('sesion.mp4', 20 * 5 * MIB), PATH);
    await settle(c, ['interrupted']);
    expect(calls.proxyUpload).not.toHaveBeenCalled();
    expect(calls.abortMultipart).not.toHaveBeenCalled();

    online = true;
    FakeXhr.requests = [];
    c.retry();
    await settle(c, ['done', 'failed']);
    expect(calls.listParts).toHaveBeenCalledWith({ upload_id: 'u1', file_key: KEY });
    expect(calls.initiateMultipart).toHaveBeenCalledTimes(1);
    const sent = partPuts().map(partOf);
    expect(sent).not.toContain(1);
    expect(sent).not.toContain(2);
    expect(sent).toContain(3);
    expect(sent).toContain(4);
    expect(calls.completeMultipart.mock.calls[0][0].parts).toHaveLength(20);
    expect(hooks.uploaded).toHaveBeenCalledTimes(1);
  });

  it('a full disk (507) stops at once with its reason, no proxy, the upload kept; Reintentar resumes it', async () => {
    let full = true;
    FakeXhr.install((r) => (partOf(r) === 3 && full ? { status: 507 } : { status: 200, headers: { ETag: `"etag-${partOf(r)}"` } }));
    const calls = fakeCalls({
      listParts: vi.fn<UploadCalls['listParts']>(async () => ({
        parts: [
          { PartNumber: 1, ETag: '"etag-1"', Size: 5 * MIB },
          { PartNumber: 2, ETag: '"etag-2"', Size: 5 * MIB },
        ],
      })),
    });
    const { c, hooks } = setup(calls, [0, 0]);
    c.start(bigVideo('sesion.mp4', 20 * 5 * MIB), PATH);
    await settle(c);
    const reason = 'no queda espacio en el servidor. Avisa a quien administra Consulta; con «Reintentar» la subida seguirá donde se quedó';
    expect(c.getSnapshot()).toMatchObject({ phase: 'failed', reason });
    expect(hooks.failed).toHaveBeenCalledWith(reason);
    expect(partPuts().filter((r) => partOf(r) === 3)).toHaveLength(1);
    expect(calls.proxyUpload).not.toHaveBeenCalled();
    expect(calls.abortMultipart).not.toHaveBeenCalled();

    full = false;
    FakeXhr.requests = [];
    c.retry();
    await settle(c, ['done']);
    expect(calls.initiateMultipart).toHaveBeenCalledTimes(1);
    expect(calls.listParts).toHaveBeenCalledWith({ upload_id: 'u1', file_key: KEY });
    expect(partPuts().map(partOf)).not.toContain(1);
    expect(hooks.uploaded).toHaveBeenCalledWith(expect.objectContaining({ route: 'multipart' }));
  });

  it('retries a failed part, then gives the upload up and goes through the proxy', async () => {
    FakeXhr.install((r) => (partOf(r) === 2 ? { status: 500 } : { status: 200, headers: { ETag: `"e${partOf(r)}"` } }));
    const calls = fakeCalls();
    const { c, hooks } = setup(calls, [0, 0]);
    c.start(bigVideo('sesion.mp4', 20 * 5 * MIB), PATH);
    await settle(c);
    expect(partPuts().filter((r) => partOf(r) === 2)).toHaveLength(3);
    expect(calls.signPart.mock.calls.filter(([req]) => req.part_number === 2)).toHaveLength(3);
    expect(calls.abortMultipart).toHaveBeenCalledWith({ upload_id: 'u1', file_key: KEY });
    expect(calls.completeMultipart).not.toHaveBeenCalled();
    expect(hooks.uploaded).toHaveBeenCalledWith(expect.objectContaining({ route: 'proxy' }));
  });

  it('when the proxy fails too, the upload fails with the reason; Reintentar starts the direct route again', async () => {
    FakeXhr.install(() => ({ status: 500 }));
    const calls = fakeCalls({
      proxyUpload: vi.fn<UploadCalls['proxyUpload']>(async () => Promise.reject(apiError(500, 'El almacenamiento no está disponible'))),
    });
    const { c, hooks } = setup(calls, []);
    c.start(bigVideo('sesion.mp4', 20 * 5 * MIB), PATH);
    await settle(c);
    expect(c.getSnapshot()).toMatchObject({ phase: 'failed', reason: 'El almacenamiento no está disponible' });
    expect(hooks.failed).toHaveBeenCalledWith('El almacenamiento no está disponible');

    FakeXhr.handler = (r) => ({ status: 200, headers: { ETag: `"e${partOf(r)}"` } });
    c.retry();
    expect(c.getSnapshot().phase).toBe('uploading');
    await settle(c, ['done']);
    expect(calls.initiateMultipart).toHaveBeenCalledTimes(2);
    expect(hooks.uploaded).toHaveBeenCalledWith(expect.objectContaining({ route: 'multipart' }));
  });

  it('Cancelar stops the parts and aborts the upload on the server', async () => {
    FakeXhr.install(() => ({ status: 200, hang: true }));
    const calls = fakeCalls();
    const { c, hooks } = setup(calls);
    c.start(bigVideo('sesion.mp4', 20 * 5 * MIB), PATH);
    await vi.waitFor(() => expect(partPuts().length).toBeGreaterThan(0));
    c.cancel();
    expect(c.getSnapshot().phase).toBe('idle');
    expect(hooks.cancelled).toHaveBeenCalled();
    await vi.waitFor(() => expect(calls.abortMultipart).toHaveBeenCalledWith({ upload_id: 'u1', file_key: KEY }));
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.completeMultipart).not.toHaveBeenCalled();
    expect(hooks.failed).not.toHaveBeenCalled();
    expect(hooks.uploaded).not.toHaveBeenCalled();
  });
});

describe('UploadController: the browser goes offline', () => {
  it('a multipart upload stops its parts, waits, and resumes by itself when the connection is back', async () => {
    const net = new EventTarget();
    let hang = true;
    FakeXhr.install((r) =>
      hang && partOf(r) > 2 ? { status: 200, hang: true } : { status: 200, headers: { ETag: `"etag-${partOf(r)}"` } },
    );
    const calls = fakeCalls({
      listParts: vi.fn<UploadCalls['listParts']>(async () => ({
        parts: [1, 2].map((n) => ({ PartNumber: n, ETag: `"etag-${n}"`, Size: 5 * MIB })),
      })),
    });
    const { c, hooks } = setup(calls, [0], net);
    c.start(bigVideo('sesion.mp4', 20 * 5 * MIB), PATH);
    await vi.waitFor(() => expect(partPuts().filter((r) => partOf(r) > 2).length).toBeGreaterThan(0));
    online = false;
    net.dispatchEvent(new Event('offline'));
    expect(c.getSnapshot().phase).toBe('interrupted');
    expect(c.busy).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    // Nothing else takes the file meanwhile: no single PUT, no proxy, and the parts stay on the server.
    expect(calls.presignedUpload).not.toHaveBeenCalled();
    expect(calls.proxyUpload).not.toHaveBeenCalled();
    expect(calls.abortMultipart).not.toHaveBeenCalled();
    expect(c.getSnapshot().phase).toBe('interrupted');

    hang = false;
    online = true;
    FakeXhr.requests = [];
    net.dispatchEvent(new Event('online'));
    await settle(c, ['done', 'failed']);
    expect(calls.listParts).toHaveBeenCalledTimes(1);
    expect(partPuts().map(partOf)).not.toContain(1);
    expect(calls.completeMultipart.mock.calls[0][0].parts).toHaveLength(20);
    expect(hooks.uploaded).toHaveBeenCalledWith(expect.objectContaining({ route: 'multipart' }));
  });

  it('a single PUT starts over when Reintentar is pressed', async () => {
    const net = new EventTarget();
    FakeXhr.install(() => ({ status: 200, hang: true }));
    const calls = fakeCalls();
    const { c, hooks } = setup(calls, [0], net);
    c.start(bigVideo('sesion.mp4', 8 * MIB), PATH);
    await vi.waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    online = false;
    net.dispatchEvent(new Event('offline'));
    expect(c.getSnapshot().phase).toBe('interrupted');
    online = true;
    FakeXhr.handler = () => ({ status: 200 });
    c.retry();
    await settle(c, ['done', 'failed']);
    expect(calls.presignedUpload).toHaveBeenCalledTimes(2);
    expect(hooks.uploaded).toHaveBeenCalledWith(expect.objectContaining({ route: 'direct', fileKey: KEY }));
    expect(calls.proxyUpload).not.toHaveBeenCalled();
  });
});
