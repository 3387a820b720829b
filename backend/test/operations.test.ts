import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MSG } from '@consulta/shared';
import request from 'supertest';
import { API, api, bearer, therapistSession, uniqueEmail, type AppTarget } from './support/api';
import { dropRedisKeys, freshDatabase, type FreshDatabase } from './support/databases';
import { testEnv } from './support/env';
import { METRICS, scrape } from './support/metrics';
import { freePort, startApp, type RunningApp } from './support/processes';
import { S3_PEER_CREDENTIALS, startS3Peer, type S3Peer } from './support/s3-peer';

const HEALTH = `${API}/health`;
const READY = `${API}/health/ready`;
const QUEUES = `${API}/admin/queues`;
const OPS = { user: 'operaciones', password: 'una-clave-de-operador-larga' };
const basic = (user: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });

/** An app of this file on its own database, sharing the run's JWT secret, fake Google and Redis server (own prefix). */
async function startOwnApp(db: FreshDatabase, label: string, env: Record<string, string>): Promise<RunningApp> {
  const shared = testEnv();
  return startApp({
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    JWT_SECRET: shared.jwtSecret,
    GOOGLE_USERINFO_URL: shared.googleUrl,
    DATA_DIR: path.join(shared.dataDir, `../${label}-${Date.now()}`),
    LOGIN_THROTTLE_LIMIT: '4',
    ...env,
  });
}

describe('health', () => {
  it('liveness and readiness answer on the shared app: public, uncached, with a request id', async () => {
    const live = await api().get(HEALTH).expect(200);
    expect(live.body).toEqual({ status: 'ok' });
    expect(live.headers['cache-control']).toBe('no-store');
    expect(live.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const ready = await api().get(READY).expect(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.body).toMatchObject({
      status: 'ok',
      error: {},
      info: { database: { status: 'up' }, redis: { status: 'up' }, storage: { status: 'up' } },
    });
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await api().get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(Object.keys(doc.paths[READY].get.responses)).toEqual(expect.arrayContaining(['200', '503']));
    expect(doc.paths[HEALTH].get).toBeDefined();
  });
});

describe('readiness with a dependency down, and the queue dashboard', () => {
  const shared = testEnv();
  let db: FreshDatabase;
  let peer: S3Peer;
  let s3App: RunningApp;
  let target: AppTarget;
  const redisPrefix = `${shared.redisPrefix}ops-${Date.now()}:`;
  const dataDir = path.join(shared.dataDir, `../ops-s3-${Date.now()}`);

  beforeAll(async () => {
    db = await freshDatabase(`consulta_test_ops_${process.pid}_${Date.now()}`);
    peer = await startS3Peer();
    // No SMTP: mail goes to DATA_DIR/outbox, where a file stands in the folder's way (a full or broken disk), so every
    // mail job fails and waits for its retry.
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(path.join(dataDir, 'outbox'), '', { mode: 0o600 });
    s3App = await startOwnApp(db, 'ops-s3', {
      DATA_DIR: dataDir,
      REDIS_URL: shared.redisUrl,
      REDIS_PREFIX: redisPrefix,
      S3_BUCKET: peer.bucket,
      S3_ENDPOINT: peer.endpoint,
      S3_ACCESS_KEY_ID: S3_PEER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_PEER_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      OPS_USER: OPS.user,
      OPS_PASSWORD: OPS.password,
      SIGN_IN_FAILURES_PER_ACCOUNT_ADDRESS: '2',
    });
    target = { appUrl: s3App.url, databaseUrl: db.url };
  }, 90_000);

  afterAll(async () => {
    await s3App?.stop();
    await peer?.close().catch(() => undefined);
    await dropRedisKeys(shared.redisUrl, redisPrefix);
    await db?.drop();
  });

  // Before the dashboard's test, which spends the operator account's failures (the same limits guard both).
  it('metrics: Prometheus text for operators only, whose request, queue and job series move with what the app does', async () => {
    const therapist = await therapistSession('Dra. Métricas', target);
    for (const refused of [request(s3App.url).get(METRICS), request(s3App.url).get(METRICS).set(bearer(therapist.token))]) {
      const res = await refused.expect(401);
      expect(res.headers['www-authenticate']).toMatch(/^Basic realm="Consulta operations"/);
      expect(res.body).toEqual({ detail: MSG.common.operatorsOnly, code: 'UNAUTHENTICATED', request_id: res.headers['x-request-id'] });
    }

    const health = 'consulta_http_request_duration_seconds_count{method="GET",route="/api/v1/health",status="200"}';
    const patient = 'consulta_http_request_duration_seconds_count{method="GET",route="/api/v1/pacientes/:id",status="404"}';
    const refusedScrape = 'consulta_http_request_duration_seconds_count{method="GET",route="/api/v1/metrics",status="401"}';
    const before = await scrape(s3App.url, OPS);
    for (let i = 0; i < 3; i++) await request(s3App.url).get(HEALTH).expect(200);
    await api(target).get(`${API}/pacientes/00000000-0000-4000-8000-000000000000`).set(bearer(therapist.token)).expect(404);
    const after = await scrape(s3App.url, OPS);
    expect((after.get(health) ?? 0) - (before.get(health) ?? 0)).toBe(3);
    expect(after.get(patient)).toBe((before.get(patient) ?? 0) + 1);
    // The two refusals above, timed by route pattern and status (never by path: the id is not a label).
    expect(after.get(refusedScrape)).toBe(2);
    expect([...after.keys()].some((series) => series.includes('00000000-0000'))).toBe(false);
    // The process: event-loop delay, memory; the queues, from Redis.
    for (const series of ['nodejs_eventloop_lag_seconds', 'nodejs_eventloop_lag_p99_seconds', 'process_resident_memory_bytes']) {
      expect(after.get(series)).toEqual(expect.any(Number));
    }
    expect(after.get('consulta_job_queue_jobs{queue="mail",state="waiting"}')).toBe(0);
    // The backup's time is the embedded mode's (its own backups); the server mode schedules the CLI.
    expect([...after.keys()].some((series) => series.startsWith('consulta_backup_'))).toBe(false);

    // A mail job that cannot write its mail: its failed attempt is counted, and it waits for its retry in Redis.
    const failedMail = 'consulta_job_attempts_total{queue="mail",result="failed"}';
    const retrying = 'consulta_job_queue_jobs{queue="mail",state="delayed"}';
    expect(after.get(failedMail)).toBe(0);
    await api(target)
      .post(`${API}/invitations/send`)
      .set(bearer(therapist.token))
      .send({ email: uniqueEmail('metricas') })
      .expect(201);
    let latest = after;
    for (const deadline = Date.now() + 10_000; !((latest.get(failedMail) ?? 0) >= 1 && (latest.get(retrying) ?? 0) >= 1);) {
      if (Date.now() > deadline)
        throw new Error(`No failed mail attempt waiting for its retry within 10 s: ${latest.get(failedMail)}, ${latest.get(retrying)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      latest = await scrape(s3App.url, OPS);
    }
    expect(latest.get('consulta_job_attempts_total{queue="mail",result="completed"}')).toBe(0);
  });

  it('the dashboard opens with the operator credentials only; a JWT, none or wrong ones get 401 and then 429', async () => {
    const dashboard = () => request(s3App.url).get(QUEUES);
    const page = await dashboard().set(basic(OPS.user, OPS.password)).expect(200);
    expect(page.headers['content-type']).toMatch(/html/);
    const queues = await request(s3App.url).get(`${QUEUES}/api/queues`).set(basic(OPS.user, OPS.password)).expect(200);
    expect((queues.body as { queues: { name: string }[] }).queues.map((q) => q.name)).toContain('mail');

    const therapist = await therapistSession('Dra. Operaciones', target);
    const refusals = [
      dashboard(),
      dashboard().set(bearer(therapist.token)),
      dashboard().set(basic(OPS.user, 'otra-clave-de-operador')),
      // Another user name is the same operator account for the limits.
      dashboard().set(basic('root', 'otra-clave-de-operador')),
      // The API under it too: the queues' jobs are clinical work.
      request(s3App.url).get(`${QUEUES}/api/queues`).set(bearer(therapist.token)),
    ];
    for (const refused of refusals) {
      const res = await refused.expect(401);
      expect(res.headers['www-authenticate']).toMatch(/^Basic realm="Consulta operations"/);
      expect(res.body).toEqual({ detail: MSG.common.operatorsOnly, code: 'UNAUTHENTICATED', request_id: res.headers['x-request-id'] });
    }
    // Only sent credentials count (two wrong ones here): the next try from this address passes
    // SIGN_IN_FAILURES_PER_ACCOUNT_ADDRESS (2), and even the right credentials wait.
    for (const credentials of [basic('root', 'otra-clave-de-operador'), basic(OPS.user, OPS.password)]) {
      const limited = await dashboard().set(credentials).expect(429);
      expect(limited.body.code).toBe('THROTTLED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('health is never throttled', async () => {
    for (let i = 0; i < 6; i++) await request(s3App.url).get(HEALTH).expect(200);
  });

  it('readiness answers 503 naming the storage when the S3 store stops', async () => {
    const up = await request(s3App.url).get(READY).expect(200);
    expect(up.body.info).toMatchObject({ database: { status: 'up' }, redis: { status: 'up' }, storage: { status: 'up' } });
    await peer.close();
    const down = await request(s3App.url).get(READY).expect(503);
    expect(down.headers['cache-control']).toBe('no-store');
    expect(down.body).toMatchObject({
      status: 'error',
      detail: 'No disponible: storage',
      code: 'UNAVAILABLE',
      request_id: down.headers['x-request-id'],
      info: { database: { status: 'up' }, redis: { status: 'up' } },
      error: { storage: { status: 'down' } },
    });
    await request(s3App.url).get(HEALTH).expect(200);
  });

  it('readiness answers 503 naming Redis when Redis is down; liveness still 200', async () => {
    const closed = await freePort();
    const app = await startOwnApp(db, 'ops-redis', {
      REDIS_URL: `redis://127.0.0.1:${closed}`,
      REDIS_PREFIX: redisPrefix,
      RUN_JOBS: 'false',
    });
    try {
      const started = Date.now();
      const down = await request(app.url).get(READY).expect(503);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(down.body).toMatchObject({
        detail: 'No disponible: redis',
        code: 'UNAVAILABLE',
        info: { database: { status: 'up' }, storage: { status: 'up' } },
        error: { redis: { status: 'down' } },
      });
      await request(app.url).get(HEALTH).expect(200);
    } finally {
      await app.stop();
    }
  }, 60_000);

  it('without REDIS_URL, or without operator credentials, there is no dashboard (404) and no Redis check', async () => {
    const app = await startOwnApp(db, 'ops-noredis', { OPS_USER: OPS.user, OPS_PASSWORD: OPS.password });
    try {
      const res = await request(app.url).get(QUEUES).set(basic(OPS.user, OPS.password)).expect(404);
      expect(res.body).toMatchObject({ detail: MSG.common.notFound, code: 'NOT_FOUND' });
      const ready = await request(app.url).get(READY).expect(200);
      expect(Object.keys(ready.body.details as object).sort()).toEqual(['database', 'storage']);
    } finally {
      await app.stop();
    }
    // The shared app has Redis and no credentials.
    await api().get(QUEUES).expect(404);
  }, 60_000);
});
