import { loggableError } from '../src/common/logging/loggable-error';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MSG } from '@consulta/shared';
import { API, api, bearer, createPatient, therapistSession, uniqueEmail, type AppTarget } from './support/api';
import { createSession } from './support/clinical';
import { dropRedisKeys } from './support/databases';
import { testEnv } from './support/env';
import { linkIn, waitForMail } from './support/mailbox';
import { freePort, startApp, type RunningApp } from './support/processes';
import { startSmtpPeer, type SmtpPeer } from './support/smtp';

/** Texts that must never reach a log line, wherever the flow below carries them. */
const CANARY = {
  notes: 'CANARIO-NOTAS-TERAPEUTICAS-7f3a',
  plan: 'CANARIO-PLAN-TRATAMIENTO-51c2',
  sessionNotes: 'CANARIO-NOTAS-SESION-9d4e',
  observations: 'CANARIO-OBSERVACIONES-2b8f',
  transcript: 'CANARIO-TRANSCRIPCION-6a1d',
  topics: 'CANARIO-TEMAS-c03e',
  wrongPassword: 'Canario#Clave-Fallida-88',
  newPassword: 'Canario#Clave-Nueva-77',
};

type Line = Record<string, unknown>;

describe('structured logs (production: JSON lines)', () => {
  let app: RunningApp;
  let smtp: SmtpPeer;
  let mailbox: string;
  let target: AppTarget;
  const redisPrefix = `${testEnv().redisPrefix}logs-${Date.now()}:`;

  beforeAll(async () => {
    const shared = testEnv();
    mailbox = mkdtempSync(path.join(os.tmpdir(), 'consulta-logs-mail-'));
    smtp = await startSmtpPeer(mailbox);
    const port = await freePort();
    app = await startApp({
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: shared.databaseUrl,
      REDIS_URL: shared.redisUrl,
      REDIS_PREFIX: redisPrefix,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      JWT_SECRET: shared.jwtSecret,
      GOOGLE_USERINFO_URL: shared.googleUrl,
      DATA_DIR: path.join(mailbox, 'data'),
      LOGIN_THROTTLE_LIMIT: '100000',
      MAIL_THROTTLE_PER_CLIENT: '100000',
    });
    target = { appUrl: app.url, databaseUrl: shared.databaseUrl };
  }, 90_000);

  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
    await dropRedisKeys(testEnv().redisUrl, redisPrefix);
    rmSync(mailbox, { recursive: true, force: true });
  });

  it('a whole clinical flow leaves no clinical text, token, JWT or password in any line; every line is JSON with the request id', async () => {
    const secrets: string[] = Object.values(CANARY);
    const therapist = await therapistSession('Dra. Registro', target);
    secrets.push(therapist.token);

    // A patient with therapeutic notes and a plan, a session with notes, observations and a transcript, read back.
    const patient = await createPatient(therapist, { notas_terapeuticas: CANARY.notes, plan_tratamiento: CANARY.plan }, target);
    secrets.push(patient.temporary_password);
    const session = await createSession(
      therapist,
      patient.id,
      {
        notas: CANARY.sessionNotes,
        observaciones: CANARY.observations,
        transcripcion: CANARY.transcript,
        temas_importantes: CANARY.topics,
      },
      target,
    );
    const read = await api(target).get(`${API}/sesiones/${session.id}`).set(bearer(therapist.token)).expect(200);
    expect(read.body.observaciones).toBe(CANARY.observations);
    await api(target).get(`${API}/pacientes/${patient.id}`).set(bearer(therapist.token)).expect(200);

    // A failed sign-in with a password, a sign-in with the temporary one (its JWT), a forged JWT.
    await api(target).post(`${API}/auth/login/patient`).send({ email: patient.email, contrasenia: CANARY.wrongPassword }).expect(401);
    const signedIn = await api(target)
      .post(`${API}/auth/login/patient`)
      .send({ email: patient.email, contrasenia: patient.temporary_password })
      .expect(200);
    secrets.push(signedIn.body.access_token as string);
    await api(target)
      .get(`${API}/auth/me`)
      .set(bearer(signedIn.body.access_token as string))
      .expect(200);
    const forged = `${(signedIn.body.access_token as string).slice(0, -4)}AAAA`;
    secrets.push(forged);
    await api(target).get(`${API}/auth/me`).set(bearer(forged)).expect(401);

    // A password reset: the token travels in a query string and a body.
    await api(target).post(`${API}/auth/forgot-password`).send({ email: patient.email }).expect(200);
    const resetToken = linkIn(await waitForMail(mailbox, patient.email), `${app.url}/reset-password?token=`).searchParams.get('token')!;
    secrets.push(resetToken);
    await api(target).get(`${API}/auth/verify-reset-token`).query({ token: resetToken }).expect(200);
    await api(target).post(`${API}/auth/reset-password`).send({ token: resetToken, new_password: CANARY.newPassword }).expect(200);

    // An invitation: the token travels in the path.
    const invited = uniqueEmail('invitada');
    await api(target).post(`${API}/invitations/send`).set(bearer(therapist.token)).send({ email: invited }).expect(201);
    const invitationToken = linkIn(await waitForMail(mailbox, invited), `${app.url}/register/invited?token=`).searchParams.get('token')!;
    secrets.push(invitationToken);
    expect((await api(target).get(`${API}/invitations/validate/${invitationToken}`).expect(200)).body.valid).toBe(true);

    // An error answer carries the id of its log line; a sane incoming id is kept, another one replaced.
    const missing = await api(target).get(`${API}/pacientes/00000000-0000-4000-8000-000000000000`).set(bearer(therapist.token)).expect(404);
    expect(missing.body).toEqual({ detail: MSG.patients.notFound, code: 'NOT_FOUND', request_id: missing.headers['x-request-id'] });
    const kept = await api(target).get(`${API}/config`).set('X-Request-Id', 'lb-7f3a.42').expect(200);
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42');
    const insane = await api(target)
      .get(`${API}/health`)
      .set('X-Request-Id', `x${'y'.repeat(80)}`)
      .expect(200);
    expect(insane.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    await app.stop(); // every line written
    const lines = app
      .output()
      .split('\n')
      .filter((line) => line.trim() !== '');
    const records = lines.map((line) => {
      try {
        return JSON.parse(line) as Line;
      } catch {
        throw new Error(`Not a JSON line: ${line}`);
      }
    });
    for (const record of records) expect(record).toMatchObject({ level: expect.any(Number), time: expect.any(String) });

    const leaks = lines.filter((line) => secrets.some((secret) => line.includes(secret)) || /Bearer|authorization|eyJ[\w-]+\./i.test(line));
    expect(leaks).toEqual([]);

    const requests = records.filter((r) => r.msg === 'request completed');
    expect(requests.length).toBeGreaterThan(15);
    for (const r of requests)
      expect(r).toMatchObject({
        request_id: expect.any(String),
        method: expect.any(String),
        path: expect.stringMatching(/^\//),
        status: expect.any(Number),
      });
    // Paths are route patterns: the invitation token is not in its line.
    expect(requests).toContainEqual(expect.objectContaining({ path: '/api/v1/invitations/validate/:token', status: 200 }));
    expect(requests).toContainEqual(expect.objectContaining({ path: '/api/v1/auth/verify-reset-token', status: 200 }));
    expect(requests).toContainEqual(
      expect.objectContaining({ request_id: missing.body.request_id, path: '/api/v1/pacientes/:id', status: 404 }),
    );
    expect(requests).toContainEqual(expect.objectContaining({ request_id: 'lb-7f3a.42', path: '/api/v1/config' }));
    // Passing health checks are debug lines: a probe every few seconds would drown the rest at LOG_LEVEL=info.
    expect(requests.filter((r) => String(r.path).startsWith('/api/v1/health'))).toEqual([]);
  }, 120_000);
});

describe('an unexpected error in a log line', () => {
  it('a database error is logged without its message (it quotes the statement and its values), other errors with it', () => {
    // As MikroORM names its wrapper of a driver error.
    const driver = Object.assign(new Error('insert into "sessions" ... values (\'CANARY-NOTA-500\')'), { name: 'DriverException' });
    const logged = loggableError(driver);
    expect(JSON.stringify(logged)).not.toContain('CANARY-NOTA-500');
    expect(logged.stack).toMatch(/^\s+at /);
    const sqlState = Object.assign(new Error('invalid input syntax for type uuid: "CANARY-ID"'), { code: '22P02' });
    expect(JSON.stringify(loggableError(sqlState))).not.toContain('CANARY-ID');
    expect(loggableError(new TypeError('x is undefined'))).toMatchObject({ type: 'TypeError', message: 'x is undefined' });
  });
});
