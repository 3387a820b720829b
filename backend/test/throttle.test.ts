import { MSG } from '@consulta/shared';
import request from 'supertest';
import { API, uniqueEmail } from './support/api';
import { testEnv } from './support/env';
import { startApp, type RunningApp } from './support/processes';

const wrongLogin = (url: string) => request(url).post(`${API}/auth/login/patient`).send({ email: 'nadie@example.com', contrasenia: 'x' });

/** Sign-in routes allow 10 requests per minute per client IP and route (the defaults), then answer 429. */
describe('throttling of the sign-in routes', () => {
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
    for (let i = 0; i < 5; i++) await wrongLogin(a.url).expect(401);
    for (let i = 0; i < 5; i++) await wrongLogin(b.url).expect(401);
    const limited = await wrongLogin(a.url).expect(429);
    expect(limited.body).toEqual({ detail: MSG.auth.tooManyRequests, code: 'THROTTLED' });
    await wrongLogin(b.url).expect(429);
    // Other routes keep their own counters.
    const google = await request(b.url).post(`${API}/auth/google-login`).send({ token: `valid:${uniqueEmail()}` }).expect(404);
    expect(google.body.detail).toBe(MSG.auth.userNotFound);
    await request(a.url).get(`${API}/config`).expect(200);
  }, 90_000);

  it('counts in memory without REDIS_URL', async () => {
    const app = await start({});
    for (let i = 0; i < 10; i++) await wrongLogin(app.url).expect(401);
    await wrongLogin(app.url).expect(429);
  }, 60_000);
});
