import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { saveTestEnv, type TestEnv } from './env';
import { startFakeGoogle } from './google';
import { REDIS_URL, freshDatabase } from './databases';
import { assertBuilt, freePort, startApp, type RunningApp } from './processes';
import { startSmtpPeer } from './smtp';

/** Handles the teardown needs (globalSetup and globalTeardown share this process). */
export interface TestRun {
  env: TestEnv;
  database: string;
  app: RunningApp;
  closeGoogle: () => Promise<void>;
  closeSmtp: () => Promise<void>;
  tempDir: string;
}

declare global {
  var consultaTestRun: TestRun | undefined;
}

/**
 * One run: a fresh PostgreSQL database (migrated with the CLI), a unique Redis key prefix, a fake Google
 * userinfo server, an SMTP server whose mailbox is a folder, a tiny "built frontend", and the app itself
 * started from backend/dist (its PUBLIC_URL is its own address, so e-mailed links point at it).
 */
export default async function globalSetup(): Promise<void> {
  assertBuilt();
  const stamp = `${process.pid}_${Date.now()}`;
  const { name: database, url: databaseUrl } = await freshDatabase(`consulta_test_${stamp}`);

  const google = await startFakeGoogle();
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'consulta-test-'));
  const frontendDist = path.join(tempDir, 'frontend-dist');
  mkdirSync(path.join(frontendDist, 'assets'), { recursive: true });
  writeFileSync(path.join(frontendDist, 'index.html'), '<!doctype html><title>Consulta</title><div id="root"></div>');
  writeFileSync(path.join(frontendDist, 'assets', 'app-1234.js'), 'console.log("app");');

  const mailbox = path.join(tempDir, 'mailbox');
  const smtp = await startSmtpPeer(mailbox);
  const port = await freePort();

  const env: TestEnv = {
    appUrl: '',
    mailbox,
    databaseUrl,
    googleUrl: google.url,
    redisUrl: REDIS_URL,
    redisPrefix: `consulta-test:${stamp}:`,
    jwtSecret: `test-secret-${stamp}-0123456789abcdef0123456789`,
    frontendDist,
    dataDir: path.join(tempDir, 'data'),
  };
  // The usual umask, whatever this shell's: the app must make its files owner-only by itself (storage-cascades.test.ts).
  const umask = process.umask(0o022);
  const app = await startApp({
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Consulta <no-reply@consulta.test>',
    MAIL_THROTTLE_PER_CLIENT: '100000',
    DATABASE_URL: databaseUrl,
    REDIS_URL: env.redisUrl,
    REDIS_PREFIX: env.redisPrefix,
    GOOGLE_USERINFO_URL: env.googleUrl,
    GOOGLE_CLIENT_ID: 'test-client-id.apps.googleusercontent.com',
    JWT_SECRET: env.jwtSecret,
    DATA_DIR: env.dataDir,
    FRONTEND_DIST: frontendDist,
    LOGIN_THROTTLE_LIMIT: '100000',
    // Every test file signs in from this one address; the per-address ceiling is tested on an app of its own.
    SIGN_IN_FAILURES_PER_ADDRESS: '100000',
  });
  process.umask(umask);
  env.appUrl = app.url;
  saveTestEnv(env);
  globalThis.consultaTestRun = { env, database, app, closeGoogle: google.close, closeSmtp: smtp.close, tempDir };
}
