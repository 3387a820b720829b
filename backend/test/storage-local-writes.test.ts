import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { STORAGE_LIMITS } from '@consulta/shared';
import { writeBody, WRITE_BATCH_BYTES } from '../src/storage/drivers/body-writer';
import { LocalDriver } from '../src/storage/drivers/local.driver';
import { LocalSignature } from '../src/storage/drivers/local-signature';
import { StorageRefusal } from '../src/storage/drivers/storage-driver';

// How the local driver writes what arrives (no app): batched writes that give the chunks' memory back, the parts log,
// and an upload's completion against a part still arriving.

const PART = STORAGE_LIMITS.partSizeBytes;
const KiB = 1024;

/** A write into memory that takes `delayMs`, recording each call. */
function memoryFile(delayMs = 0) {
  const calls: { chunks: number; length: number; position: number }[] = [];
  const bytes = Buffer.alloc(4 * PART);
  const write = async (buffers: Buffer[], length: number, position: number) => {
    calls.push({ chunks: buffers.length, length, position });
    Buffer.concat(buffers).copy(bytes, position);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  };
  return { calls, bytes, write };
}

describe('writeBody', () => {
  it('writes what arrived meanwhile in one write, pausing the body past the batch size, at the right offsets', async () => {
    const chunks = Array.from({ length: 64 }, () => randomBytes(64 * KiB));
    const sent = Buffer.concat(chunks);
    const file = memoryFile(5);
    const written = await writeBody(Readable.from(chunks), file.write, 1000, Infinity);
    expect(written).toBe(sent.length);
    expect(file.calls.length).toBeLessThan(16);
    expect(Math.max(...file.calls.map((c) => c.length))).toBeLessThanOrEqual(WRITE_BATCH_BYTES);
    expect(file.calls.map((c) => c.position)).toEqual(
      file.calls.map((_, i) => 1000 + file.calls.slice(0, i).reduce((sum, c) => sum + c.length, 0)),
    );
    expect(file.bytes.subarray(1000, 1000 + written).equals(sent)).toBe(true);
  });

  it('gives a written chunk its memory back when it is the whole of its buffer, and leaves a view of a larger one alone', async () => {
    const whole = Buffer.from(new Uint8Array(32 * KiB).fill(1).buffer);
    const shared = Buffer.alloc(64 * KiB, 2);
    const view = shared.subarray(0, 16 * KiB);
    const file = memoryFile();
    await writeBody(Readable.from([whole, view]), file.write, 0, Infinity);
    expect(file.bytes[0]).toBe(1);
    expect(file.bytes[32 * KiB]).toBe(2);
    expect(whole.buffer.byteLength).toBe(0);
    expect(view.length).toBe(16 * KiB);
    expect(shared.buffer.byteLength).toBe(64 * KiB);
  });

  it('refuses the first chunk past the limit without writing it, and leaves the body paused', async () => {
    const body = new PassThrough();
    const file = memoryFile();
    const result = writeBody(body, file.write, 0, 100 * KiB);
    body.write(Buffer.alloc(64 * KiB, 1));
    body.write(Buffer.alloc(64 * KiB, 2));
    await expect(result).rejects.toEqual(new StorageRefusal('too-large'));
    expect(file.calls.reduce((sum, c) => sum + c.length, 0)).toBe(64 * KiB);
    expect(body.isPaused()).toBe(true);
  });
});

describe('LocalDriver multipart uploads', () => {
  let root: string;
  let driver: LocalDriver;

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'consulta-local-writes-'));
    driver = new LocalDriver(root, new LocalSignature(randomBytes(32)), 3600);
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const key = 'files/t1/sesiones/p1/video.mp4';
  const fields = (upload: string, part: number, size?: number) => ({
    key,
    upload,
    part: String(part),
    ...(size === undefined ? {} : { size: String(size) }),
  });

  it('lists the parts its log records, the last record of a part sent again counting, and skips a line a crash cut short', async () => {
    const upload = await driver.startMultipart(key, 'video/mp4');
    const first = await driver.receivePart(fields(upload, 1), Readable.from([Buffer.alloc(PART, 1)]));
    await driver.receivePart(fields(upload, 2), Readable.from([Buffer.alloc(10, 2)]));
    const again = await driver.receivePart(fields(upload, 2), Readable.from([Buffer.alloc(20, 3)]));
    // A crash in the middle of a record, then a part stored after the restart.
    appendFileSync(path.join(root, 'multipart', upload, 'parts.log'), '{"PartNumber":3,"ETag":"\\"ab');
    await driver.receivePart(fields(upload, 4), Readable.from([Buffer.alloc(5, 4)]));
    expect(await driver.listParts(key, upload)).toEqual([
      { PartNumber: 1, ETag: first, Size: PART },
      { PartNumber: 2, ETag: again, Size: 20 },
    ]);
    // Part 4's record shares the cut line: it is not listed, so it is sent again.
  });

  it('completing an upload lets the write under way finish and refuses the rest of a part still arriving: the object stays as placed', async () => {
    const upload = await driver.startMultipart(key, 'video/mp4');
    const p1 = await driver.receivePart(fields(upload, 1), Readable.from([Buffer.alloc(PART, 1)]));
    const body = new PassThrough();
    const late = driver.receivePart(fields(upload, 2, PART), body);
    body.write(Buffer.alloc(64 * KiB, 2));
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(await driver.completeMultipart(key, upload, [{ PartNumber: 1, ETag: p1! }])).toBe(PART);
    body.end(Buffer.alloc(64 * KiB, 2));
    await expect(late).rejects.toEqual(new StorageRefusal('upload-not-found'));
    const object = path.join(root, 'objects', key);
    expect(statSync(object).size).toBe(PART);
    expect(readFileSync(object).equals(Buffer.alloc(PART, 1))).toBe(true);
    await expect(driver.receivePart(fields(upload, 3), Readable.from([Buffer.alloc(10)]))).rejects.toEqual(
      new StorageRefusal('upload-not-found'),
    );
  });
});
