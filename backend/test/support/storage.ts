import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { STORAGE_LIMITS, type InitiateMultipartAnswer, type PresignedUploadAnswer, type UploadedPart } from '@consulta/shared';
import { Client } from 'pg';
import type { Response } from 'supertest';
import { API, api, bearer, type AppTarget, type Session } from './api';
import { testEnv } from './env';
import { dropRedisKeys, freshDatabase } from './databases';
import { CLI_JS, childEnv, startApp, type RunningApp } from './processes';
import { S3_PEER_CREDENTIALS, startS3Peer, type S3Peer } from './s3-peer';

/**
 * The storage tests run every case against both drivers: the shared app (local driver, files under its
 * DATA_DIR/storage) and an app of their own on an S3-compatible peer (s3rver, see s3-peer.ts) with its own
 * database and Redis prefix. A StorageTarget is one of them plus a look into its store.
 */
export interface StorageTarget extends AppTarget {
  driver: 'local' | 's3';
  /** The app's environment, for the operator CLI (`storage:sweep`) acting on the same database and store. */
  env: Record<string, string>;
  /** Whether the store holds an object at `key`. */
  exists: (key: string) => Promise<boolean>;
  /** Whether the store still holds a multipart upload in progress with this id. */
  uploadExists: (uploadId: string) => boolean;
  /**
   * Writes `bytes` at `key` straight into the store, bypassing the app and its signed URLs (as a store that
   * did not enforce a signed length would end up holding).
   */
  putRaw: (key: string, bytes: Buffer) => Promise<void>;
  /** Gives the stored object at `key` an older modification time, as if stored `hours` ago. */
  backdate: (key: string, hours: number) => void;
  /** Gives a multipart upload in progress an older start, as if started `hours` ago. */
  backdateUpload: (uploadId: string, hours: number) => void;
  /**
   * The local store only: leaves `bytes` as the temporary file of an upload a crash cut short, last written `hours`
   * ago; answers whether it is still there.
   */
  leaveTemporary?: (bytes: Buffer, hours: number) => () => boolean;
  /** The peer, on the S3 target. */
  peer?: S3Peer;
  /** What the app wrote to stdout and stderr so far, on the S3 target (whose app the test file starts). */
  output?: () => string;
  close: () => Promise<void>;
}

/** Anything with the app's address (a StorageTarget, an AiApp). */
export type Reachable = Pick<AppTarget, 'appUrl'>;

export const STORAGE = `${API}/aws-s3`;
export const MiB = 1024 * 1024;

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
export const PART = STORAGE_LIMITS.partSizeBytes;

/** The shared app: local driver, objects at DATA_DIR/storage/objects/{key}, uploads at .../multipart/{id}. */
export function localTarget(): StorageTarget {
  const env = testEnv();
  const root = path.join(env.dataDir, 'storage');
  const objectPath = (key: string) => path.join(root, 'objects', ...key.split('/'));
  return {
    driver: 'local',
    appUrl: env.appUrl,
    databaseUrl: env.databaseUrl,
    env: {
      NODE_ENV: 'test',
      DATABASE_URL: env.databaseUrl,
      REDIS_URL: env.redisUrl,
      REDIS_PREFIX: env.redisPrefix,
      JWT_SECRET: env.jwtSecret,
      DATA_DIR: env.dataDir,
    },
    exists: async (key) => existsSync(objectPath(key)),
    uploadExists: (uploadId) => /^[0-9a-f]+$/.test(uploadId) && existsSync(path.join(root, 'multipart', uploadId)),
    // Written owner-only, as the app writes its own files (the store's modes are checked: support/file-modes.ts).
    putRaw: async (key, bytes) => {
      mkdirSync(path.dirname(objectPath(key)), { recursive: true, mode: 0o700 });
      writeFileSync(objectPath(key), bytes, { mode: 0o600 });
    },
    backdate: (key, hours) => utimesSync(objectPath(key), hoursAgo(hours), hoursAgo(hours)),
    backdateUpload: (uploadId, hours) => {
      const dir = path.join(root, 'multipart', uploadId);
      for (const name of readdirSync(dir)) utimesSync(path.join(dir, name), hoursAgo(hours), hoursAgo(hours));
    },
    leaveTemporary: (bytes, hours) => {
      const file = path.join(root, 'incoming', randomBytes(12).toString('hex'));
      mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      writeFileSync(file, bytes, { mode: 0o600 });
      utimesSync(file, hoursAgo(hours), hoursAgo(hours));
      return () => existsSync(file);
    },
    close: async () => undefined,
  };
}

/**
 * The S3 target: an s3rver peer, a fresh database, and the app started with S3_* settings pointing at the peer
 * (path-style), sharing the test run's JWT secret, fake Google and Redis server (own key prefix).
 */
/** The app's settings for the peer's bucket. */
export const s3Env = (peer: S3Peer): Record<string, string> => ({
  S3_BUCKET: peer.bucket,
  S3_REGION: 'us-east-1',
  S3_ENDPOINT: peer.endpoint,
  S3_ACCESS_KEY_ID: S3_PEER_CREDENTIALS.accessKeyId,
  S3_SECRET_ACCESS_KEY: S3_PEER_CREDENTIALS.secretAccessKey,
  S3_FORCE_PATH_STYLE: 'true',
});

export async function startS3Target(label = 's3', extraEnv: Record<string, string> = {}): Promise<StorageTarget> {
  const shared = testEnv();
  const peer = await startS3Peer();
  const db = await freshDatabase(`consulta_test_${label}_${process.pid}_${Date.now()}`);
  const redisPrefix = `${shared.redisPrefix}${label}-${Date.now()}:`;
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    REDIS_URL: shared.redisUrl,
    REDIS_PREFIX: redisPrefix,
    JWT_SECRET: shared.jwtSecret,
    DATA_DIR: path.join(shared.dataDir, `../${label}-${Date.now()}`),
    ...s3Env(peer),
  };
  let app: RunningApp;
  try {
    app = await startApp({
      ...env,
      GOOGLE_USERINFO_URL: shared.googleUrl,
      GOOGLE_CLIENT_ID: 'test-client-id.apps.googleusercontent.com',
      FRONTEND_DIST: shared.frontendDist,
      LOGIN_THROTTLE_LIMIT: '100000',
      MAIL_THROTTLE_PER_CLIENT: '100000',
      ...extraEnv,
    });
  } catch (error) {
    await db.drop();
    await peer.close();
    throw error;
  }
  return {
    driver: 's3',
    appUrl: app.url,
    databaseUrl: db.url,
    env,
    peer,
    output: () => app.output(),
    exists: (key) => peer.exists(key),
    uploadExists: (uploadId) => peer.uploadExists(uploadId),
    putRaw: async (key, bytes) => {
      // An unsigned request: s3rver stores it (what the app could find in a store that ignored a signature).
      const res = await fetch(`${peer.endpoint}/${peer.bucket}/${key.split('/').map(encodeURIComponent).join('/')}`, {
        method: 'PUT',
        body: bytes,
      });
      if (res.status !== 200) throw new Error(`The peer answered ${res.status}: ${await res.text()}`);
    },
    backdate: (key, hours) => peer.setModified(key, hoursAgo(hours)),
    backdateUpload: (uploadId, hours) => peer.setUploadStarted(uploadId, hoursAgo(hours)),
    close: async () => {
      const code = await app.stop();
      if (code !== 0 && process.env.TEST_SHOW_APP_LOG) console.log(app.output());
      await db.drop();
      await dropRedisKeys(shared.redisUrl, redisPrefix);
      await peer.close();
    },
  };
}

/**
 * Runs the operator CLI without blocking this process (runCli's spawnSync would: the S3 peer the CLI talks to
 * lives in this process and could not answer).
 */
export function runCliAsync(
  args: string[],
  env: Record<string, string | undefined>,
  timeoutMs = 30_000,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI_JS, ...args], { env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

// ---- calls ----

/** The absolute address of a URL the API answered (the local driver's URLs are root-relative). */
export const absolute = (t: Reachable, url: string) => (url.startsWith('/') ? `${t.appUrl}${url}` : url);

export const post = (t: Reachable, who: Session, route: string, body: unknown) =>
  api(t)
    .post(`${STORAGE}/${route}`)
    .set(bearer(who.token))
    .send(body as object);

export interface RawAnswer {
  status: number;
  headers: Headers;
  body: Buffer;
  /** The body as JSON, when it is. */
  json: () => Record<string, unknown>;
}

/** Keep-alive connections for the bytes the tests send (destroyed after each file, see withStorageTargets). */
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

function answerOf(res: http.IncomingMessage, body: Buffer): RawAnswer {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers))
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  return { status: res.statusCode ?? 0, headers, body, json: () => JSON.parse(body.toString('utf8')) as Record<string, unknown> };
}

/** A real HTTP request of real bytes to a URL the API handed out (as a browser would send it). */
export function send(
  t: Reachable,
  url: string,
  init: { method?: string; body?: Buffer; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    if (init.body) headers['content-length'] = String(init.body.length);
    const req = http.request(absolute(t, url), { method: init.method ?? 'GET', agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(answerOf(res, Buffer.concat(chunks))));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/**
 * Like send(), for a body the server may refuse before it has read it all (it answers and closes): the bytes go in
 * 64 KiB pieces, the sending stops once the answer has come, and a reset after the answer is no failure.
 */
export function sendUntilAnswered(
  t: Reachable,
  url: string,
  method: string,
  body: Buffer,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(
      absolute(t, url),
      { method, agent: false, headers: { ...headers, 'content-length': String(body.length) } },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(answerOf(res, Buffer.concat(chunks))));
        res.on('error', reject);
      },
    );
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    let offset = 0;
    const pump = () => {
      while (!answered && offset < body.length) {
        const piece = body.subarray(offset, offset + 64 * 1024);
        offset += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

/** Runs `task` over `items`, `limit` at a time; answers the results in the items' order. */
export async function mapLimit<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await task(items[i]);
      }
    }),
  );
  return results;
}

/**
 * A proxy upload of `size` zero bytes written straight to the socket as a multipart form (custom_path first),
 * without building it in memory; stops sending once the server has answered (it refuses early and closes).
 */
export function streamProxyUpload(
  t: StorageTarget,
  who: Session,
  customPath: string,
  fileName: string,
  contentType: string,
  size: number,
): Promise<RawAnswer> {
  const boundary = `----consulta${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="custom_path"\r\n\r\n${customPath}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(
      absolute(t, `${STORAGE}/proxy-upload`),
      {
        method: 'POST',
        headers: {
          ...bearer(who.token),
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + size + tail.length),
        },
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(answerOf(res, Buffer.concat(chunks))));
        res.on('error', reject);
      },
    );
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const zeros = Buffer.alloc(MiB);
    let left = size;
    const pump = () => {
      while (!answered && left > 0) {
        const n = Math.min(left, zeros.length);
        left -= n;
        if (!req.write(n === zeros.length ? zeros : zeros.subarray(0, n))) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered) req.end(tail);
    };
    req.write(head);
    pump();
  });
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Random bytes (different every time, so a downloaded file proves which upload it came from). */
export const bytesOf = (size: number) => randomBytes(size);

/** An MP4's first box (`ftyp`, brand isom): what a session video's bytes must start with to be attached. */
const MP4_START = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');

/** Random bytes behind an MP4's first box: a session video a record takes (ffmpeg could not read it). */
export const videoBytesOf = (size: number) => Buffer.concat([MP4_START, randomBytes(Math.max(0, size - MP4_START.length))]);

/** Asks for a presigned PUT (200) and answers it. */
export async function presign(t: Reachable, who: Session, body: Record<string, unknown>): Promise<PresignedUploadAnswer> {
  const res = await post(t, who, 'presigned-upload-url', body);
  if (res.status !== 200) throw new Error(`presigned-upload-url answered ${res.status}: ${res.text}`);
  return res.body as PresignedUploadAnswer;
}

export interface FileSpec {
  custom_path: string;
  file_name: string;
  content_type: string;
  bytes: Buffer;
}

/** Presigns and PUTs a whole file (the direct upload); answers its key. */
export async function uploadFile(t: Reachable, who: Session, file: FileSpec): Promise<string> {
  const answer = await presign(t, who, {
    custom_path: file.custom_path,
    file_name: file.file_name,
    content_type: file.content_type,
    file_size: file.bytes.length,
  });
  const put = await send(t, answer.upload_url, { method: 'PUT', body: file.bytes, headers: answer.headers });
  if (put.status < 200 || put.status > 299) throw new Error(`The presigned PUT answered ${put.status}: ${put.body.toString()}`);
  return answer.file_key;
}

/** A session video of `patientId` uploaded with a presigned PUT; answers its key. */
export const uploadVideo = (
  t: Reachable,
  who: Session,
  patientId: string,
  bytes: Buffer = videoBytesOf(4096),
  fileName = 'Sesión grabada.mp4',
) => uploadFile(t, who, { custom_path: `sesiones/${patientId}`, file_name: fileName, content_type: 'video/mp4', bytes });

/** An exercise file uploaded with a presigned PUT; answers its key. */
export const uploadExercise = (t: StorageTarget, who: Session, bytes = bytesOf(2048), fileName = 'Guía.pdf') =>
  uploadFile(t, who, { custom_path: 'ejercicios', file_name: fileName, content_type: 'application/pdf', bytes });

/** Starts a multipart upload (200) and answers it. */
export async function initiate(t: StorageTarget, who: Session, body: Record<string, unknown>): Promise<InitiateMultipartAnswer> {
  const res = await post(t, who, 'initiate-multipart-upload', body);
  if (res.status !== 200) throw new Error(`initiate-multipart-upload answered ${res.status}: ${res.text}`);
  return res.body as InitiateMultipartAnswer;
}

/** The presigned URL of one part (200). */
export async function partUrl(t: StorageTarget, who: Session, up: InitiateMultipartAnswer, partNumber: number): Promise<string> {
  const res = await post(t, who, 'presigned-part-url', { upload_id: up.upload_id, file_key: up.file_key, part_number: partNumber });
  if (res.status !== 200) throw new Error(`presigned-part-url answered ${res.status}: ${res.text}`);
  return res.body.presigned_url as string;
}

/** PUTs one part's bytes to its presigned URL; answers the part as complete-multipart-upload takes it. */
export async function putPart(t: StorageTarget, url: string, partNumber: number, bytes: Buffer): Promise<UploadedPart> {
  const res = await send(t, url, { method: 'PUT', body: bytes });
  if (res.status !== 200) throw new Error(`Part ${partNumber} answered ${res.status}: ${res.body.toString()}`);
  const etag = res.headers.get('etag');
  if (!etag) throw new Error(`Part ${partNumber} answered no ETag`);
  return { PartNumber: partNumber, ETag: etag };
}

/** Splits `bytes` into the parts of a multipart upload (STORAGE_LIMITS.partSizeBytes, the last shorter). */
export const partsOf = (bytes: Buffer): Buffer[] => {
  const parts: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += PART) parts.push(bytes.subarray(offset, offset + PART));
  return parts;
};

/** A whole multipart upload (initiate, every part, complete); answers the key. */
export async function multipartUpload(t: StorageTarget, who: Session, file: FileSpec): Promise<string> {
  const up = await initiate(t, who, {
    custom_path: file.custom_path,
    file_name: file.file_name,
    content_type: file.content_type,
    file_size: file.bytes.length,
  });
  const parts: UploadedPart[] = [];
  for (const [i, bytes] of partsOf(file.bytes).entries()) parts.push(await putPart(t, await partUrl(t, who, up, i + 1), i + 1, bytes));
  const done = await post(t, who, 'complete-multipart-upload', { upload_id: up.upload_id, file_key: up.file_key, parts });
  if (done.status !== 200) throw new Error(`complete-multipart-upload answered ${done.status}: ${done.text}`);
  return up.file_key;
}

/**
 * A PUT that dies mid-body: announces `total` bytes, sends `sent`, then drops the connection (a browser tab
 * closed or a network cut during a part).
 */
export function interruptedPut(
  t: StorageTarget,
  url: string,
  total: number,
  sent: Buffer,
  headers: Record<string, string> = {},
): Promise<void> {
  return new Promise((resolve) => {
    const req = http.request(absolute(t, url), { method: 'PUT', agent: false, headers: { ...headers, 'content-length': String(total) } });
    req.on('error', () => resolve());
    req.on('response', (res) => {
      res.resume();
      resolve();
    });
    req.write(sent, () =>
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 100),
    );
  });
}

/** A proxy upload (multipart form, custom_path first); answers the raw supertest response. */
export const proxyUpload = (t: StorageTarget, who: Session, file: FileSpec | (Omit<FileSpec, 'bytes'> & { path: string })) => {
  const req = api(t).post(`${STORAGE}/proxy-upload`).set(bearer(who.token)).field('custom_path', file.custom_path);
  return 'bytes' in file
    ? req.attach('file', file.bytes, { filename: file.file_name, contentType: file.content_type })
    : req.attach('file', file.path, { filename: file.file_name, contentType: file.content_type });
};

/** A signed download: GETs the answer's URL and answers the bytes (200 expected). */
export async function downloadBytes(t: StorageTarget, url: string): Promise<RawAnswer> {
  const res = await send(t, url);
  if (res.status !== 200) throw new Error(`The download URL answered ${res.status}: ${res.body.toString().slice(0, 500)}`);
  return res;
}

/** The stored_files row of a key, or undefined. */
export async function storedRow(t: StorageTarget, key: string): Promise<Record<string, unknown> | undefined> {
  const client = new Client({ connectionString: t.databaseUrl });
  await client.connect();
  try {
    return (await client.query('select * from stored_files where key = $1', [key])).rows[0] as Record<string, unknown> | undefined;
  } finally {
    await client.end();
  }
}

/** Polls `check` every 100 ms until it holds; fails after `timeoutMs` saying what it waited for. */
export async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 10_000, everyMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Waits until the store no longer holds `key` and its stored_files row is gone (a file-release job ran). */
export const waitUntilDeleted = (t: StorageTarget, key: string, timeoutMs = 10_000) =>
  waitFor(
    `${key} deleted from the ${t.driver} store and stored_files`,
    async () => !(await t.exists(key)) && (await storedRow(t, key)) === undefined,
    timeoutMs,
  );

/** `files/{rest}` → `rest`: how GET /aws-s3/files/{rest} names a key. */
export const filesPath = (key: string) =>
  key
    .replace(/^files\//, '')
    .split('/')
    .map(encodeURIComponent)
    .join('/');

/** A 4xx answer with the API's error shape: a Spanish `detail`, a `code` and the `request_id` (never a 500, never a stack). */
export function expectProblem(res: Response | RawAnswer, status: number, detail?: string, code?: string): void {
  const raw = Buffer.isBuffer(res.body);
  const text = raw ? (res as RawAnswer).body.toString() : (res as Response).text;
  const body = (raw ? JSON.parse(text) : res.body) as Record<string, unknown>;
  if (res.status !== status) throw new Error(`Expected ${status}, got ${res.status}: ${text.slice(0, 500)}`);
  expect(typeof body.detail).toBe('string');
  expect((body.detail as string).length).toBeGreaterThan(0);
  expect(typeof body.code).toBe('string');
  expect(typeof body.request_id).toBe('string');
  if (detail !== undefined) expect(body.detail).toBe(detail);
  if (code !== undefined) expect(body.code).toBe(code);
}

export const DRIVERS = ['local', 's3'] as const;
export type Driver = (typeof DRIVERS)[number];

/**
 * Registers the file's beforeAll/afterAll that start and stop the S3 target (the local one is the shared app);
 * answers the targets, filled once beforeAll has run.
 */
export function withStorageTargets(label: string): Record<Driver, StorageTarget> {
  const targets = {} as Record<Driver, StorageTarget>;
  beforeAll(async () => {
    targets.local = localTarget();
    targets.s3 = await startS3Target(label);
  }, 90_000);
  afterAll(async () => {
    agent.destroy();
    await targets.s3?.close();
  }, 30_000);
  return targets;
}
