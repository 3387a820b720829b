import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MSG } from '@consulta/shared';
import request from 'supertest';
import { API, therapistSession, uniqueEmail } from './support/api';
import { testEnv } from './support/env';
import { linkIn, mailsTo, waitForMail } from './support/mailbox';
import { runWorkerToExit, startApp, startWorker, type RunningApp, type RunningWorker } from './support/processes';
import { startSmtpPeer, type SmtpPeer } from './support/smtp';

/**
 * Production split: API replicas with RUN_JOBS=false only queue jobs in Redis; the worker process
 * (backend/dist/worker.js, same build) runs them.
 */
describe('the job worker', () => {
  let app: RunningApp | undefined;
  let worker: RunningWorker | undefined;
  let smtp: SmtpPeer | undefined;
  afterAll(async () => {
    await Promise.all([app?.stop(), worker?.stop()]);
    await smtp?.close();
  });

  it('runs the jobs that an app with RUN_JOBS=false only queued', async () => {
    const { databaseUrl, jwtSecret, googleUrl, redisUrl, redisPrefix } = testEnv();
    const mailbox = mkdtempSync(path.join(os.tmpdir(), 'consulta-worker-mailbox-'));
    smtp = await startSmtpPeer(mailbox);
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: jwtSecret,
      GOOGLE_USERINFO_URL: googleUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `${redisPrefix}worker:`,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'consulta-worker-')),
    };
    app = await startApp({ ...env, RUN_JOBS: 'false' });
    const therapist = await therapistSession();
    const email = uniqueEmail('trabajador');
    const sent = await request(app.url)
      .post(`${API}/invitations/send`)
      .set({ authorization: `Bearer ${therapist.token}` })
      .send({ email });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe(MSG.invitations.sentEmail);

    // Queued, not sent: nobody runs the mail queue yet.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await mailsTo(mailbox, email)).toHaveLength(0);

    worker = await startWorker(env);
    expect(worker.output()).toMatch(/Running the jobs of the queues: .*\bmail\b/);
    const mail = await waitForMail(mailbox, email);
    expect(linkIn(mail, 'http://localhost:').pathname).toBe('/register/invited');
  });

  it('refuses to start without Redis and PostgreSQL (the embedded mode runs its jobs inside the app)', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'consulta-worker-'));
    for (const env of [
      { DATA_DIR: dataDir },
      { DATA_DIR: dataDir, REDIS_URL: testEnv().redisUrl },
      { DATA_DIR: dataDir, DATABASE_URL: testEnv().databaseUrl },
    ]) {
      const result = runWorkerToExit(env);
      expect(result.status).toBe(1);
      expect(result.output).toContain('The worker needs REDIS_URL and DATABASE_URL');
    }
  });
});
