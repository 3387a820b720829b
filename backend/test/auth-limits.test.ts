import { MSG } from '@consulta/shared';
import { Redis } from 'ioredis';
import request from 'supertest';
import { API, bearer, therapistSession, uniqueEmail, type AppTarget, type Session } from './support/api';
import { STRONG_PASSWORD, signedInPatient } from './support/clinical';
import { testEnv } from './support/env';
import { startApp, type RunningApp } from './support/processes';

/**
 * Sign-in limits by account: failures per (account, address), per account and per address (SignInLimits). Each
 * app here trusts the loopback proxy, so X-Forwarded-For gives every request the client address it stands for.
 */

type Patient = Session & { patientId: string };

describe('sign-in limits', () => {
  const apps: RunningApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.stop()));
  });

  /** An app on the run's database with its own limits; its counters in Redis (own prefix) or in memory. */
  const start = async (storage: 'Redis' | 'memory', env: Record<string, string>) => {
    const { databaseUrl, jwtSecret, googleUrl, frontendDist, redisUrl, redisPrefix } = testEnv();
    const prefix = `${redisPrefix}limits-${apps.length}:`;
    const app = await startApp({
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: jwtSecret,
      GOOGLE_USERINFO_URL: googleUrl,
      DATA_DIR: `${frontendDist}/../limits-data`,
      TRUST_PROXY: 'loopback',
      ...(storage === 'Redis' ? { REDIS_URL: redisUrl, REDIS_PREFIX: prefix } : {}),
      ...env,
    });
    apps.push(app);
    const target: AppTarget = { appUrl: app.url, databaseUrl };
    const therapist = await therapistSession('Dra. Límites', target);
    return {
      prefix,
      target,
      patient: (): Promise<Patient> => signedInPatient(therapist, target),
      login: (email: string, contrasenia: string, from: string) =>
        request(app.url).post(`${API}/auth/login/patient`).set('x-forwarded-for', from).send({ email, contrasenia }),
      changePassword: (who: Patient, oldPassword: string, from: string) =>
        request(app.url)
          .post(`${API}/auth/change-password`)
          .set(bearer(who.token))
          .set('x-forwarded-for', from)
          .send({ old_password: oldPassword, new_password: 'Otra#Clave2027' }),
    };
  };

  const expectRefused = (res: request.Response, maxSeconds: number) => {
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ detail: MSG.auth.tooManyFailedSignIns, code: 'THROTTLED' });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  };

  it.each(['Redis', 'memory'] as const)(
    'refuses a guessed (account, address) pair only: the owner elsewhere and the others behind that address sign in (%s)',
    async (storage) => {
      const app = await start(storage, { SIGN_IN_FAILURES_PER_ACCOUNT_ADDRESS: '3', SIGN_IN_LIMITS_TTL_SECONDS: '600' });
      const [ana, bea] = [await app.patient(), await app.patient()];
      const guesser = '203.0.113.10';

      for (let i = 0; i < 3; i++)
        expect((await app.login(ana.email, `Mala#${i}clave`, guesser).expect(401)).body.detail).toBe(MSG.auth.invalidCredentials);
      expectRefused(await app.login(ana.email, 'Mala#3clave', guesser), 600);
      // The right password from the guesser's address waits too (else the refusal would tell the guess was right)...
      expectRefused(await app.login(ana.email.toUpperCase(), STRONG_PASSWORD, guesser), 600);
      // ...but the owner signs in from another address, and so does everyone else behind the guesser's.
      await app.login(ana.email, STRONG_PASSWORD, '198.51.100.7').expect(200);
      await app.login(bea.email, STRONG_PASSWORD, guesser).expect(200);

      // An unknown address is counted the same way: nothing tells it has no account.
      const nobody = uniqueEmail('nadie');
      for (let i = 0; i < 3; i++) await app.login(nobody, `Mala#${i}clave`, guesser).expect(401);
      expectRefused(await app.login(nobody, 'Mala#3clave', guesser), 600);

      // A success forgets the pair's failures: three more are allowed after it.
      const home = '198.51.100.8';
      for (let i = 0; i < 2; i++) await app.login(bea.email, 'Mala#clave1', home).expect(401);
      await app.login(bea.email, STRONG_PASSWORD, home).expect(200);
      for (let i = 0; i < 3; i++) await app.login(bea.email, 'Mala#clave1', home).expect(401);
      expectRefused(await app.login(bea.email, STRONG_PASSWORD, home), 600);

      if (storage === 'Redis') {
        // The counters are Redis keys (shared by replicas): the pair, the account, the address.
        const redis = new Redis(testEnv().redisUrl);
        const keys = await redis.keys(`${app.prefix}throttle:sign-in:*`);
        await redis.quit();
        expect(keys).toEqual(
          expect.arrayContaining([
            `${app.prefix}throttle:sign-in:pair:sign-in:pair:${guesser}|${ana.email}:hits`,
            `${app.prefix}throttle:sign-in:account:sign-in:account:${ana.email}:hits`,
            `${app.prefix}throttle:sign-in:address:sign-in:address:${guesser}:hits`,
          ]),
        );
      }
    },
    90_000,
  );

  it('gives each address one try while an account is under attack from many; a right password from a fresh address still works', async () => {
    const app = await start('Redis', { SIGN_IN_FAILURES_PER_ACCOUNT_ADDRESS: '3', SIGN_IN_FAILURES_PER_ACCOUNT: '4' });
    const ana = await app.patient();
    // A guesser spread over addresses, one failure each, takes the account past its limit (4)...
    for (let n = 1; n <= 4; n++) await app.login(ana.email, 'Mala#clave1', `203.0.113.${n}`).expect(401);
    // ...from then on an address that has failed on it is refused (below the pair limit of 3),
    expectRefused(await app.login(ana.email, 'Mala#clave2', '203.0.113.1'), 900);
    expectRefused(await app.login(ana.email, STRONG_PASSWORD, '203.0.113.2'), 900);
    // a fresh one gets one try, and no second,
    await app.login(ana.email, 'Mala#clave2', '203.0.113.5').expect(401);
    expectRefused(await app.login(ana.email, 'Mala#clave3', '203.0.113.5'), 900);
    // and the owner, from an address without failures, signs in.
    await app.login(ana.email, STRONG_PASSWORD, '198.51.100.20').expect(200);
    // Other accounts are not under attack: three failures from one address before the refusal.
    const bea = await app.patient();
    for (let i = 0; i < 3; i++) await app.login(bea.email, 'Mala#clave1', '203.0.113.1').expect(401);
    expectRefused(await app.login(bea.email, STRONG_PASSWORD, '203.0.113.1'), 900);
  }, 90_000);

  it('refuses an address past its ceiling of failures across accounts (credential stuffing)', async () => {
    const app = await start('Redis', { SIGN_IN_FAILURES_PER_ADDRESS: '4' });
    const ana = await app.patient();
    const stuffer = '203.0.113.77';
    for (let i = 0; i < 4; i++) await app.login(uniqueEmail('lista'), 'Clave#filtrada1', stuffer).expect(401);
    expectRefused(await app.login(uniqueEmail('lista'), 'Clave#filtrada1', stuffer), 900);
    expectRefused(await app.login(ana.email, STRONG_PASSWORD, stuffer), 900);
    await app.login(ana.email, STRONG_PASSWORD, '198.51.100.30').expect(200);
    // IPv6 clients count by their /64: changing the host part does not start a new count.
    for (let i = 1; i <= 4; i++) await app.login(uniqueEmail('lista'), 'Clave#filtrada1', `2001:db8:1:2::${i}`).expect(401);
    expectRefused(await app.login(ana.email, STRONG_PASSWORD, '2001:db8:1:2::99'), 900);
    await app.login(ana.email, STRONG_PASSWORD, '2001:db8:1:3::1').expect(200);
  }, 90_000);

  it.each(['Redis', 'memory'] as const)(
    "counts a patient's wrong current passwords for that patient only: others behind the address change theirs (%s)",
    async (storage) => {
      const app = await start(storage, { SIGN_IN_FAILURES_PER_ACCOUNT_ADDRESS: '3' });
      const [ana, bea] = [await app.patient(), await app.patient()];
      const clinic = '203.0.113.200';
      for (let i = 0; i < 3; i++)
        expect((await app.changePassword(ana, 'Mala#clave1', clinic).expect(400)).body.detail).toBe(MSG.password.oldWrong);
      expectRefused(await app.changePassword(ana, STRONG_PASSWORD, clinic), 900);
      // The current password is a password check of the account: her sign-in from that address waits as well.
      expectRefused(await app.login(ana.email, STRONG_PASSWORD, clinic), 900);
      // Another patient behind the same address is not affected, by this limit or by the route's.
      for (let i = 0; i < 2; i++) await app.changePassword(bea, 'Mala#clave1', clinic).expect(400);
      await app.changePassword(bea, STRONG_PASSWORD, clinic).expect(200);
      // Ana, from elsewhere, still changes hers.
      await app.changePassword(ana, STRONG_PASSWORD, '198.51.100.40').expect(200);
    },
    90_000,
  );

  it("counts the password change's route limit per user, not per address", async () => {
    const app = await start('Redis', { LOGIN_THROTTLE_LIMIT: '3' });
    const [ana, bea] = [await app.patient(), await app.patient()];
    const clinic = '203.0.113.201';
    // Requests refused before any password check (a weak new password) use up only the route's limit, which the
    // first change (from the temporary password, when the patient was set up) started.
    const weak = (who: Patient) =>
      request(app.target.appUrl)
        .post(`${API}/auth/change-password`)
        .set(bearer(who.token))
        .set('x-forwarded-for', clinic)
        .send({ old_password: STRONG_PASSWORD, new_password: 'abc' });
    for (let i = 0; i < 2; i++) await weak(ana).expect(400);
    expect((await weak(ana).expect(429)).body).toMatchObject({ detail: MSG.auth.tooManyRequests, code: 'THROTTLED' });
    await weak(bea).expect(400);
  }, 90_000);
});
