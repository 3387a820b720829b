import { createHash } from 'node:crypto';
import { MSG } from '@consulta/shared';
import request from 'supertest';
import { API, bearer, patientPayload, REQUEST_ID, therapistSession, uniqueEmail } from './support/api';
import { testEnv } from './support/env';
import { startApp, type RunningApp } from './support/processes';

const wrongLogin = (url: string) => request(url).post(`${API}/auth/login/patient`).send({ email: 'nadie@example.com', contrasenia: 'x' });

/**
 * Public routes allow 10 requests per minute per client IP and route (the defaults), then answer 429; the password
 * sign-in counts failures by account (5 per account and address by default); a therapist's refusals for taken
 * addresses have their own limit.
 */
describe('rate limits', () => {
  const apps: RunningApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.stop()));
  });

  const start = async (env: Record<string, string>) => {
    const { databaseUrl, jwtSecret, googleUrl, frontendDist } = testEnv();
    const app = await startApp({
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: jwtSecret,
      GOOGLE_USERINFO_URL: googleUrl,
      DATA_DIR: `${frontendDist}/../throttle-data`,
      ...env,
    });
    apps.push(app);
    return app;
  };

  it('shares the counters between replicas through Redis', async () => {
    const { redisUrl, redisPrefix } = testEnv();
    const shared = { REDIS_URL: redisUrl, REDIS_PREFIX: `${redisPrefix}replicas:` };
    const [a, b] = await Promise.all([start(shared), start(shared)]);
    // Five failures of one account from one address (SIGN_IN_FAILURES_PER_ACCOUNT_ADDRESS), counted by both.
    for (let i = 0; i < 3; i++) await wrongLogin(a.url).expect(401);
    for (let i = 0; i < 2; i++) await wrongLogin(b.url).expect(401);
    const limited = await wrongLogin(a.url).expect(429);
    expect(limited.body).toEqual({ detail: MSG.auth.tooManyFailedSignIns, code: 'THROTTLED', request_id: REQUEST_ID });
    await wrongLogin(b.url).expect(429);
    // Other routes keep their own counters.
    const google = await request(b.url)
      .post(`${API}/auth/google-login`)
      .send({ token: `valid:${uniqueEmail()}` })
      .expect(404);
    expect(google.body.detail).toBe(MSG.auth.userNotFound);
    await request(a.url).get(`${API}/config`).expect(200);
  }, 90_000);

  it('throttles every public route that does work, with the standard Retry-After', async () => {
    const { redisUrl, redisPrefix } = testEnv();
    const app = await start({
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `${redisPrefix}public:`,
      LOGIN_THROTTLE_LIMIT: '2',
      LOGIN_THROTTLE_TTL_SECONDS: '30',
    });
    const http = () => request(app.url);
    const routes = [
      () =>
        http()
          .post(`${API}/auth/reset-password`)
          .send({ token: 'x'.repeat(43), new_password: 'Clave#Segura2026' }),
      () => http().get(`${API}/auth/verify-reset-token?token=${'x'.repeat(43)}`),
      () => http().post(`${API}/auth/demo-login`).send({ email: 'ana.martinez@demo.consulta.es' }),
      () => http().get(`${API}/auth/demo-users`),
      () => http().get(`${API}/invitations/validate/${'x'.repeat(43)}`),
      () => http().post(`${API}/invitations/register`).send({ invitation_token: 'x' }),
      () => http().post(`${API}/auth/forgot-password`).send({ email: uniqueEmail() }),
    ];
    for (const call of routes) {
      for (let i = 0; i < 2; i++) expect((await call()).status).not.toBe(429);
      const limited = await call().expect(429);
      expect(limited.body).toEqual({ detail: MSG.auth.tooManyRequests, code: 'THROTTLED', request_id: REQUEST_ID });
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(30);
      expect(Object.keys(limited.headers).filter((h) => /^(retry-after-|x-ratelimit)/i.test(h))).toEqual([]);
    }
    // Routes that do no work an anonymous caller could repeat at a cost stay open; the password sign-in keeps
    // its own limits, by account (auth-limits.test.ts).
    for (let i = 0; i < 5; i++) await http().get(`${API}/config`).expect(200);
    for (let i = 0; i < 5; i++) await wrongLogin(app.url).expect(401);
  }, 60_000);

  it.each(['Redis', 'memory'])(
    'throttles the 409 of a taken address per therapist, and logs each one for the operator (%s)',
    async (storage) => {
      const { redisUrl, redisPrefix, databaseUrl } = testEnv();
      const counters: Record<string, string> = storage === 'Redis' ? { REDIS_URL: redisUrl, REDIS_PREFIX: `${redisPrefix}taken:` } : {};
      const app = await start({ ...counters, EMAIL_TAKEN_THROTTLE_LIMIT: '2' });
      const target = { appUrl: app.url, databaseUrl };
      const [prober, other] = [await therapistSession('Dra. Curiosa', target), await therapistSession('Dr. Ajeno', target)];
      const taken = (await request(app.url).post(`${API}/pacientes/`).set(bearer(other.token)).send(patientPayload()).expect(201)).body
        .email as string;
      const create = (who: typeof prober, email: string) =>
        request(app.url).post(`${API}/pacientes/`).set(bearer(who.token)).send(patientPayload({ email }));

      for (let i = 0; i < 2; i++) expect((await create(prober, taken).expect(409)).body.code).toBe('ALREADY_EXISTS');
      const limited = await create(prober, taken.toUpperCase()).expect(429);
      expect(limited.body).toEqual({ detail: MSG.auth.tooManyRequests, code: 'THROTTLED', request_id: REQUEST_ID });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // From now on every creation and invitation of this therapist answers 429: a 201 next to it would tell.
      await create(prober, uniqueEmail('libre')).expect(429);
      await request(app.url)
        .post(`${API}/invitations/send`)
        .set(bearer(prober.token))
        .send({ email: uniqueEmail('invitado') })
        .expect(429);
      // Another therapist keeps their own count.
      await create(other, taken).expect(409);

      const lines = app
        .output()
        // eslint-disable-next-line no-control-regex -- the logger's colours
        .replace(/\u001b\[[\d;]*m/g, '')
        .split('\n')
        .filter((line) => line.includes('"event":"email_taken"') && line.includes(prober.id));
      expect(lines).toHaveLength(3);
      const logged = JSON.parse(lines[2].slice(lines[2].indexOf('{'))) as Record<string, unknown>;
      expect(logged).toEqual({
        event: 'email_taken',
        therapist_id: prober.id,
        therapist_email: prober.email,
        route: 'POST /pacientes',
        address_sha256: createHash('sha256').update(taken).digest('hex'),
        refusals_in_window: 3,
        answer: 429,
      });
      expect(app.output()).not.toContain(taken);
    },
    60_000,
  );

  it('counts in memory without REDIS_URL', async () => {
    const app = await start({});
    for (let i = 0; i < 10; i++) await request(app.url).get(`${API}/auth/demo-users`).expect(404);
    await request(app.url).get(`${API}/auth/demo-users`).expect(429);
    for (let i = 0; i < 5; i++) await wrongLogin(app.url).expect(401);
    await wrongLogin(app.url).expect(429);
  }, 60_000);
});
