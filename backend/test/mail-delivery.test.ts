import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MSG } from '@consulta/shared';
import request from 'supertest';
import { API, therapistSession, uniqueEmail } from './support/api';
import { testEnv } from './support/env';
import { linkIn, mailsTo, waitForMail } from './support/mailbox';
import { freePort, startApp, type RunningApp } from './support/processes';
import { startSmtpPeer, type SmtpPeer } from './support/smtp';

/**
 * Mail goes out from a retried background job: a message queued while the SMTP server is down arrives once it
 * is up. Checked with BullMQ (REDIS_URL) and with the in-process runner, each app with its own SMTP port.
 */
describe('mail delivery', () => {
  const apps: RunningApp[] = [];
  const peers: SmtpPeer[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.stop()));
    await Promise.all(peers.map((peer) => peer.close()));
  });

  async function appWithSmtpDown(extra: Record<string, string>) {
    const { databaseUrl, jwtSecret, googleUrl } = testEnv();
    const smtpPort = await freePort();
    const app = await startApp({
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: jwtSecret,
      GOOGLE_USERINFO_URL: googleUrl,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      JOB_RETRY_DELAY_MS: '200',
      JOB_ATTEMPTS: '8',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'consulta-mail-')),
      ...extra,
    });
    apps.push(app);
    return { app, smtpPort };
  }

  it.each([
    ['BullMQ', () => ({ REDIS_URL: testEnv().redisUrl, REDIS_PREFIX: `${testEnv().redisPrefix}mail-retry:` })],
    ['the in-process runner', () => ({})],
  ])('retries until the SMTP server is back (%s)', async (_label, extra) => {
    const { app, smtpPort } = await appWithSmtpDown(extra());
    const therapist = await therapistSession();
    const email = uniqueEmail('reintento');
    // Signed with the shared secret, so the shared app's session works here too.
    const sent = await request(app.url)
      .post(`${API}/invitations/send`)
      .set({ authorization: `Bearer ${therapist.token}` })
      .send({ email });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe(MSG.invitations.sentEmail);

    await new Promise((resolve) => setTimeout(resolve, 1000)); // a few attempts fail meanwhile
    const mailbox = mkdtempSync(path.join(os.tmpdir(), 'consulta-mailbox-'));
    expect(await mailsTo(mailbox, email)).toHaveLength(0);
    peers.push(await startSmtpPeer(mailbox, smtpPort));

    const mail = await waitForMail(mailbox, email, { timeoutMs: 20_000 });
    expect(linkIn(mail, 'http://localhost:').pathname).toBe('/register/invited');
    expect(app.output()).toMatch(/mail: attempt \d+ failed/);
  });
});
