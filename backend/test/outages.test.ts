import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statfsSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MSG } from '@consulta/shared';
import request from 'supertest';
import { API, bearer, createPatient, therapistSession, type AppTarget, type Session } from './support/api';
import { createDraft, createSession, signedInPatient } from './support/clinical';
import { PG_SERVER, freshDatabase, type FreshDatabase } from './support/databases';
import { testEnv } from './support/env';
import { startOpenAiPeer, type OpenAiPeer } from './support/openai-peer';
import { startApp, type RunningApp } from './support/processes';
import { startPrivateRedis, type PrivateRedis } from './support/redis-server';
import {
  MiB,
  PART,
  bytesOf,
  expectProblem,
  initiate,
  partUrl,
  post,
  presign,
  sendUntilAnswered,
  sha256,
  streamProxyUpload,
  uploadVideo,
  waitFor,
  type StorageTarget,
} from './support/storage';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';

/**
 * Outages as an operator meets them, on one app whose dependencies are its own to cut: PostgreSQL through a TCP proxy
 * (the run's server, which other tests use, is never stopped), a Redis server of its own, and DATA_DIR on a small
 * tmpfs (tests run as root; without the right to mount, the full-disk case fails and says why).
 */

const READY = `${API}/health/ready`;
const LIMIT_MS = 2000;
const DISK_MB = 40;
const FLOOR_MB = 16;
const STOP_SECONDS = 3;

/** The answer and how long it took. */
async function timed(req: request.Test): Promise<{ res: request.Response; ms: number }> {
  const started = Date.now();
  const res = await req;
  return { res, ms: Date.now() - started };
}

/** The 503 of a dependency down: the sentence, its code, Retry-After. */
function expectUnavailable(res: request.Response): void {
  expect(res.status).toBe(503);
  expect(res.body).toMatchObject({ detail: MSG.common.unavailable, code: 'UNAVAILABLE', request_id: res.headers['x-request-id'] });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

/** Mounts a tmpfs of `mb` at a new folder; answers it, or the reason it could not. */
function mountSmallDisk(mb: number): { dir: string; refused: string | null } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'consulta-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${mb}m,mode=0700`, 'tmpfs', dir], { stdio: 'pipe' });
    return { dir, refused: null };
  } catch (error) {
    const reason = (error as { stderr?: Buffer }).stderr?.toString().trim() || (error as Error).message;
    return { dir, refused: `mount -t tmpfs failed (the full-disk test needs root or CAP_SYS_ADMIN): ${reason}` };
  }
}

/** Writes zeros into `file` until `leaveBytes` are free on its disk (0: until the disk is full). */
function fill(file: string, leaveBytes: number): void {
  const zeros = Buffer.alloc(MiB);
  const fd = openSync(file, 'w');
  try {
    for (;;) {
      const { bavail, bsize } = statfsSync(file);
      const room = bavail * bsize - leaveBytes;
      if (room <= 0) return;
      writeSync(fd, zeros, 0, Math.min(zeros.length, room));
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
}

describe('outages', () => {
  const shared = testEnv();
  let disk: { dir: string; refused: string | null };
  let db: FreshDatabase;
  let pg: TcpProxy;
  let redis: PrivateRedis;
  let peer: OpenAiPeer;
  let app: RunningApp;
  let target: AppTarget;
  let me: Session;
  const prefix = 'outages:';

  beforeAll(async () => {
    disk = mountSmallDisk(DISK_MB);
    db = await freshDatabase(`consulta_test_outages_${process.pid}_${Date.now()}`);
    const server = new URL(PG_SERVER);
    pg = await startTcpProxy(server.hostname, Number(server.port || 5432));
    redis = await startPrivateRedis();
    peer = await startOpenAiPeer();
    app = await startApp({
      NODE_ENV: 'test',
      DATABASE_URL: pg.via(db.url),
      REDIS_URL: redis.url,
      REDIS_PREFIX: prefix,
      DATA_DIR: disk.dir,
      JWT_SECRET: shared.jwtSecret,
      GOOGLE_USERINFO_URL: shared.googleUrl,
      LOGIN_THROTTLE_LIMIT: '1000',
      MAIL_THROTTLE_PER_CLIENT: '1000',
      SIGN_IN_FAILURES_PER_ACCOUNT_ADDRESS: '3',
      OPENAI_API_KEY: 'sk-test-consulta',
      OPENAI_BASE_URL: peer.url,
      // A failed attempt waits a minute for its retry: longer than any case here waits.
      JOB_RETRY_DELAY_MS: '60000',
      JOB_RESUME_SECONDS: '1',
      STORAGE_MIN_FREE_MB: String(FLOOR_MB),
      SHUTDOWN_TIMEOUT_SECONDS: String(STOP_SECONDS),
    });
    // The test's own SQL goes straight to the server: only the app's connections go through the proxy.
    target = { appUrl: app.url, databaseUrl: db.url };
    me = await therapistSession('Dra. Cortes', target);
  }, 90_000);

  afterAll(async () => {
    redis?.thaw();
    await app?.stop();
    await Promise.all([redis?.stop(), pg?.close(), peer?.close()]);
    await db?.drop();
    if (disk && !disk.refused) execFileSync('umount', ['-l', disk.dir]);
    if (disk) rmSync(disk.dir, { recursive: true, force: true });
  });

  const api = () => request(app.url);
  const ready = () => api().get(READY);

  it('PostgreSQL cut under requests: 503 with Retry-After and a sentence within 2 s, never a 500; back without a restart', async () => {
    const patient = await signedInPatient(me, target);
    await pg.cut();
    try {
      const answers = [
        await timed(api().get(`${API}/pacientes`).set(bearer(me.token))),
        await timed(api().post(`${API}/pacientes/`).set(bearer(me.token)).send({ nombre: 'Ana' })),
        await timed(api().post(`${API}/auth/login/patient`).send({ email: patient.email, contrasenia: 'Paciente#2026x' })),
        await timed(
          api()
            .post(`${API}/auth/google-login`)
            .send({ token: `valid:${me.email}` }),
        ),
      ];
      for (const { res, ms } of answers) {
        expect(ms).toBeLessThan(LIMIT_MS);
        expectUnavailable(res);
      }
      const { res: down, ms } = await timed(ready());
      expect(ms).toBeLessThan(LIMIT_MS + 500);
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ detail: 'No disponible: database', error: { database: { status: 'down' } } });
    } finally {
      await pg.restore();
    }
    await waitFor('the database again', async () => (await ready()).status === 200);
    await api().get(`${API}/pacientes`).set(bearer(me.token)).expect(200);
    await api().post(`${API}/auth/login/patient`).send({ email: patient.email, contrasenia: 'Paciente#2026x' }).expect(200);
  });

  it('Redis stopped under requests: sign-in goes on with per-process limits, what needs Redis is a 503 within 2 s; back without a restart', async () => {
    const patient = await signedInPatient(me, target);
    const { id: patientId } = await createPatient(me, {}, target);
    const key = await uploadVideo(target, me, patientId);
    const draft = await createDraft(
      me,
      patientId,
      { tipo_sesion: 'psicoterapia', archivo_video_info: { file_key: key, video_url: key } },
      target,
    );
    const session = await createSession(me, patientId, { notas: 'Notas de la sesión' }, target);
    const login = (password: string) => api().post(`${API}/auth/login/patient`).send({ email: patient.email, contrasenia: password });
    const analysis = () => api().post(`${API}/sesiones/${session.id}/start-background-analysis`).set(bearer(me.token));

    await redis.kill();
    // Sign-in needs no Redis: its limits count in this process meanwhile (here 3 failures per account and address).
    expect((await timed(login('Paciente#2026x'))).res.status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await timed(login(`Mala#clave${i}`))).res.status).toBe(401);
    const limited = await timed(login('Paciente#2026x'));
    expect(limited.ms).toBeLessThan(LIMIT_MS);
    expect(limited.res.status).toBe(429);
    expect(limited.res.body.detail).toBe(MSG.auth.tooManyFailedSignIns);
    const google = await timed(
      api()
        .post(`${API}/auth/google-login`)
        .send({ token: `valid:${me.email}` }),
    );
    expect([google.res.status, google.ms < LIMIT_MS]).toEqual([200, true]);
    await api().get(`${API}/pacientes`).set(bearer(me.token)).expect(200);
    expect(app.output()).toContain('the rate limits are counted in this process until it does');

    // What queues a job cannot: a clear 503, at once, and the row it would have held is not left waiting.
    const queuing = [
      await timed(api().post(`${API}/sesiones-asincronas/start-transcription/${draft.id}`).set(bearer(me.token))),
      await timed(analysis()),
      await timed(api().post(`${API}/auth/forgot-password`).send({ email: patient.email })),
      await timed(
        api()
          .post(`${API}/invitations/send`)
          .set(bearer(me.token))
          .send({ email: `nueva.${Date.now()}@example.com` }),
      ),
    ];
    for (const { res, ms } of queuing) {
      expect(ms).toBeLessThan(LIMIT_MS);
      expectUnavailable(res);
    }
    const { body: afterRefusal } = await api().get(`${API}/sesiones/${session.id}`).set(bearer(me.token)).expect(200);
    expect(afterRefusal.analisis_estado).not.toBe('generando');
    const { res: down, ms } = await timed(ready());
    expect(ms).toBeLessThan(LIMIT_MS);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ detail: 'No disponible: redis', error: { redis: { status: 'down' } } });

    // Redis comes back (empty): the same app queues and runs jobs again.
    await redis.start();
    await waitFor('Redis again', async () => (await ready()).status === 200);
    // Each connection reconnects on its own (the queues' within their 2 s retry): what needs Redis is back within seconds.
    const back = async (send: () => Promise<{ status: number }>, ok: number) => (await send()).status === ok;
    await waitFor(
      'forgot-password after the outage',
      () => back(() => api().post(`${API}/auth/forgot-password`).send({ email: patient.email }), 200),
      15_000,
      500,
    );
    await waitFor('the analysis queued after the outage', () => back(() => analysis(), 202), 15_000, 500);
    await waitFor('the analysis after the outage', async () => {
      const { body } = await api().get(`${API}/sesiones/${session.id}`).set(bearer(me.token)).expect(200);
      return body.analisis_estado === null && body.analisis_ia === 'Respuesta de prueba';
    });
  }, 60_000);

  it('queues again, without a restart, the job of a row whose job Redis lost; and the schedules', async () => {
    const { id: patientId } = await createPatient(me, {}, target);
    const session = await createSession(me, patientId, { notas: 'Notas de la sesión' }, target);
    // The first attempt fails: its retry waits a minute in Redis, the session stays 'generando'.
    peer.onChat((_req, n) => (n === 0 ? { status: 500, error: 'boom' } : undefined));
    await api().post(`${API}/sesiones/${session.id}/start-background-analysis`).set(bearer(me.token)).expect(202);
    const client = redis.client();
    const jobKey = `${prefix}jobs:session-analysis:${session.id}`;
    await waitFor(
      'the retry waiting in Redis',
      async () => (await client.zscore(`${prefix}jobs:session-analysis:delayed`, session.id)) !== null,
    );

    // Redis loses its data: the job and the schedules are gone, the row still waits.
    await client.flushall();
    expect(await client.exists(jobKey)).toBe(0);
    const { body: waiting } = await api().get(`${API}/sesiones/${session.id}`).set(bearer(me.token)).expect(200);
    expect(waiting.analisis_estado).toBe('generando');
    const started = Date.now();
    await waitFor('the analysis queued again', async () => {
      const { body } = await api().get(`${API}/sesiones/${session.id}`).set(bearer(me.token)).expect(200);
      return body.analisis_estado === null && body.analisis_ia === 'Respuesta de prueba';
    });
    // JOB_RESUME_SECONDS is 1 here: well before the lost retry's minute.
    expect(Date.now() - started).toBeLessThan(10_000);
    // A round makes the schedules again before it queues the rows' jobs: when the flush fell between the two, the
    // schedules come back with the next round.
    await waitFor('the schedules made again', async () => (await client.keys(`${prefix}jobs:storage-sweep:repeat*`)).length > 0);
    peer.reset();
  }, 30_000);

  it('a full disk: parts, PUTs and proxy uploads answer 507 with a sentence, the upload resumes once there is room; readiness says storage is down below STORAGE_MIN_FREE_MB', async () => {
    if (disk.refused) throw new Error(disk.refused);
    const t = { ...target, driver: 'local' } as StorageTarget;
    const noSpace = (res: Parameters<typeof expectProblem>[0]) => expectProblem(res, 507, MSG.storage.noSpace, 'NO_SPACE');
    expect((await ready().expect(200)).body.info.storage).toMatchObject({ status: 'up' });

    const bytes = bytesOf(PART + MiB);
    const up = await initiate(t, me, {
      custom_path: 'ejercicios',
      file_name: 'Manual.pdf',
      content_type: 'application/pdf',
      file_size: bytes.length,
    });
    const putPart = async (n: number) =>
      sendUntilAnswered(t, await partUrl(t, me, up, n), 'PUT', n === 1 ? bytes.subarray(0, PART) : bytes.subarray(PART));
    const first = await putPart(1);
    expect(first.status).toBe(200);

    // Below the floor: still room to write, and readiness already says so.
    const filler = path.join(disk.dir, 'relleno');
    fill(filler, 8 * MiB);
    const low = await ready().expect(503);
    expect(low.body).toMatchObject({ detail: 'No disponible: storage', error: { storage: { status: 'down' } } });
    expect(low.body.error.storage.message).toContain(`below STORAGE_MIN_FREE_MB (${FLOOR_MB} MB)`);

    // Full: every way a file comes in is refused with the sentence, nothing half-written is kept.
    fill(`${filler}-2`, 0);
    noSpace(await putPart(2));
    const small = bytesOf(MiB);
    const put = await presign(t, me, {
      custom_path: 'ejercicios',
      file_name: 'Hoja.pdf',
      content_type: 'application/pdf',
      file_size: small.length,
    });
    noSpace(await sendUntilAnswered(t, put.upload_url, 'PUT', small, put.headers));
    noSpace(await streamProxyUpload(t, me, 'ejercicios', 'Ficha.pdf', 'application/pdf', 2 * MiB));
    noSpace(
      await post(t, me, 'initiate-multipart-upload', { custom_path: 'ejercicios', file_name: 'Otro.pdf', content_type: 'application/pdf' }),
    );
    const listed = await post(t, me, 'list-parts', { upload_id: up.upload_id, file_key: up.file_key }).expect(200);
    expect(listed.body.parts.map((p: { PartNumber: number }) => p.PartNumber)).toEqual([1]);

    // Room again: readiness is up, the same upload goes on from where it stopped, the same signed PUT works.
    rmSync(filler);
    rmSync(`${filler}-2`);
    await ready().expect(200);
    const second = await putPart(2);
    expect(second.status).toBe(200);
    const parts = [
      { PartNumber: 1, ETag: first.headers.get('etag') },
      { PartNumber: 2, ETag: second.headers.get('etag') },
    ];
    const done = await post(t, me, 'complete-multipart-upload', { upload_id: up.upload_id, file_key: up.file_key, parts }).expect(200);
    expect(done.body.size).toBe(bytes.length);
    const download = await post(t, me, 'download-url', { file_key: up.file_key }).expect(200);
    const stored = await sendUntilAnswered(t, download.body.download_url as string, 'GET', Buffer.alloc(0));
    expect(sha256(stored.body)).toBe(sha256(bytes));
    expect((await sendUntilAnswered(t, put.upload_url, 'PUT', small, put.headers)).status).toBe(200);
  }, 60_000);

  it('a frozen Redis (connected, silent): sign-in goes on, queuing a job is a 503, readiness says redis, each within 2 s', async () => {
    const patient = await signedInPatient(me, target);
    const signIn = () => timed(api().post(`${API}/auth/login/patient`).send({ email: patient.email, contrasenia: 'Paciente#2026x' }));
    // The password hash takes its own time on a busy machine: the frozen Redis may add at most LIMIT_MS to it.
    const healthy = await signIn();
    redis.freeze();
    const frozen = await signIn();
    expect([frozen.res.status, frozen.ms < healthy.ms + LIMIT_MS]).toEqual([200, true]);
    const reset = await timed(api().post(`${API}/auth/forgot-password`).send({ email: patient.email }));
    expect(reset.ms).toBeLessThan(LIMIT_MS);
    expectUnavailable(reset.res);
    const { res: down, ms } = await timed(ready());
    expect(ms).toBeLessThan(LIMIT_MS + 500);
    expect(down.body).toMatchObject({ detail: 'No disponible: redis', error: { redis: { status: 'down' } } });
  });

  it('a SIGTERM ends the app within SHUTDOWN_TIMEOUT_SECONDS, with a log line, when its shutdown is stuck (Redis frozen)', async () => {
    const started = Date.now();
    const exited = new Promise<number | null>((resolve) => app.process.once('exit', (code) => resolve(code)));
    app.process.kill('SIGTERM');
    const code = await exited;
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(STOP_SECONDS * 1000 - 100);
    expect(took).toBeLessThan(STOP_SECONDS * 1000 + 3000);
    expect(code).toBe(1);
    expect(app.output()).toContain(`Stopping (SIGTERM) took longer than ${STOP_SECONDS} s: exiting without waiting any longer`);
  }, 20_000);
});
