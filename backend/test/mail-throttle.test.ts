import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MSG } from '@consulta/shared';
import request from 'supertest';
import { API, REQUEST_ID, therapistSession, uniqueEmail } from './support/api';
import { testEnv } from './support/env';
import { startApp, type RunningApp } from './support/processes';

/**
 * Forgot-password and invitations: limited per address and route (3 per hour by default) and per client IP,
 * on either storage: Redis (REDIS_URL) or the throttler's memory.
 */
describe.each([
  ['Redis', true],
  ['memory', false],
])('throttling of the mail-sending routes (%s)', (storage, withRedis) => {
  let app: RunningApp;
  beforeAll(async () => {
    const { databaseUrl, jwtSecret, googleUrl, redisUrl, redisPrefix } = testEnv();
    app = await startApp({
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: jwtSecret,
      GOOGLE_USERINFO_URL: googleUrl,
      ...(withRedis ? { REDIS_URL: redisUrl, REDIS_PREFIX: `${redisPrefix}mail-throttle:` } : {}),
      MAIL_THROTTLE_PER_CLIENT: '9',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), `consulta-throttle-${storage}-`)),
    });
  });
  afterAll(() => app.stop());

  const forgot = (email: string) => request(app.url).post(`${API}/auth/forgot-password`).send({ email });

  it('limits each address per route, then each client', async () => {
    const email = uniqueEmail('limite');
    for (let i = 0; i < 3; i++) await forgot(email).expect(200);
    const limited = await forgot(email.toUpperCase()).expect(429);
    expect(limited.body).toEqual({ detail: MSG.auth.tooManyRequests, code: 'THROTTLED', request_id: REQUEST_ID });
    // Blocked for the window (MAIL_THROTTLE_TTL_SECONDS, an hour), which Retry-After says.
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(3600);

    const therapist = await therapistSession();
    const invite = (body: object) =>
      request(app.url)
        .post(`${API}/invitations/send`)
        .set({ authorization: `Bearer ${therapist.token}` })
        .send(body);
    // Another route keeps its own count for the same address.
    await invite({ email }).expect(201);
    const phone = '+573009998877';
    for (let i = 0; i < 3; i++) await invite({ phone_number: phone }).expect(201);
    await invite({ phone_number: phone }).expect(429);

    // 3 + 1 + 3 accepted so far from this client; with a limit of 9 per client, two more addresses pass, then none.
    await forgot(uniqueEmail()).expect(200);
    await invite({ email: uniqueEmail() }).expect(201);
    await forgot(uniqueEmail()).expect(429);
    await invite({ email: uniqueEmail() }).expect(429);
  });
});
