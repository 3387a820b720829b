import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MSG } from '@consulta/shared';
import { Redis } from 'ioredis';
import request from 'supertest';
import { API, bearer, therapistSession, uniqueEmail, type AppTarget, type Session } from './support/api';
import { STRONG_PASSWORD, signedInPatient } from './support/clinical';
import { testEnv } from './support/env';
import { linkIn, mailsTo, waitForMail } from './support/mailbox';
import { startApp, type RunningApp } from './support/processes';
import { startSmtpPeer } from './support/smtp';

/**
 * Sign-in limits by account: failures per (account, address), per account and per address, and the slow back-off of
 * an account under attack (SignInLimits). Each app here trusts the test as its proxy (the loopback address, or one hop),
 * so X-Forwarded-For gives every request the client address it stands for.
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

  it('slows an account under attack to one try per interval from all addresses, mails its owner once, and lets the owner in after a reset', async () => {
    const mailbox = mkdtempSync(path.join(os.tmpdir(), 'consulta-limits-mailbox-'));
    const smtp = await startSmtpPeer(mailbox);
    try {
      const app = await start('Redis', {
        SIGN_IN_FAILURES_PER_ACCOUNT_ADDRESS: '3',
        SIGN_IN_FAILURES_PER_ACCOUNT: '4',
        SIGN_IN_ATTACK_INTERVAL_SECONDS: '3',
        // One proxy in front: X-Forwarded-For counts from its right end, whatever a client writes before it.
        TRUST_PROXY: '1',
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      });
      const [ana, bea] = [await app.patient(), await app.patient()];
      // A client rotating what it writes into X-Forwarded-For stays one address: the one the proxy saw.
      for (let i = 0; i < 3; i++) await app.login(bea.email, 'Mala#clave1', `10.66.0.${i}, 198.51.100.60`).expect(401);
      expectRefused(await app.login(bea.email, STRONG_PASSWORD, '10.66.0.9, 198.51.100.60'), 900);

      // A guesser spread over addresses, one failure each, takes the account past its limit (4): it is under attack.
      for (let n = 1; n <= 4; n++) await app.login(ana.email, 'Mala#clave1', `203.0.113.${n}`).expect(401);
      const warning = await waitForMail(mailbox, ana.email);
      expect(warning.subject).toBe('Alguien está intentando entrar en tu cuenta de Consulta');
      expect(warning.text).toContain('Alguien está intentando entrar en tu cuenta');
      const link = linkIn(warning, 'http://localhost:');
      expect(link.pathname).toBe('/reset-password');
      const token = link.searchParams.get('token') ?? '';
      await request(app.target.appUrl).get(`${API}/auth/verify-reset-token`).query({ token }).expect(200);

      // An address that failed on it is refused; the others share one check per interval (3 s), the owner's too.
      expectRefused(await app.login(ana.email, 'Mala#clave2', '203.0.113.1'), 900);
      await app.login(ana.email, 'Mala#clave2', '203.0.113.5').expect(401);
      const tryTaken = Date.now();
      for (const fresh of ['203.0.113.6', '203.0.113.7', '2001:db8:9::1'])
        expectRefused(await app.login(ana.email, 'Mala#clave3', fresh), 3);
      expectRefused(await app.login(ana.email, STRONG_PASSWORD, '198.51.100.20'), 3);

      // The owner resets from their address: from there they sign in at once, though the interval's try is taken.
      const newPassword = 'Nueva#Clave2027';
      await request(app.target.appUrl)
        .post(`${API}/auth/reset-password`)
        .set('x-forwarded-for', '198.51.100.20')
        .send({ token, new_password: newPassword })
        .expect(200);
      await app.login(ana.email, newPassword, '198.51.100.20').expect(200);
      await app.login(ana.email, newPassword, '198.51.100.20').expect(200);

      // The attack goes on: once the interval is over, one more guess, and only one.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, tryTaken + 3100 - Date.now())));
      await app.login(ana.email, 'Mala#clave4', '203.0.113.8').expect(401);
      expectRefused(await app.login(ana.email, newPassword, '203.0.113.9'), 3);
      // The owner was mailed once for the whole attack.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await mailsTo(mailbox, ana.email)).toHaveLength(1);
    } finally {
      await smtp.close();
    }
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
