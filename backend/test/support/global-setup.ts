import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { saveTestEnvs, type TestEnv } from './env';
import { startFakeGoogle } from './google';
import { REDIS_URL, TEMPLATE_DATABASE_VAR, copyDatabase, migratedDatabase } from './databases';
import { assertBuilt, freePort, startApp, type RunningApp } from './processes';
import { startSmtpPeer } from './smtp';

/** One Jest worker's shared app and what it stands on. */
interface WorkerRun {
  env: TestEnv;
  database: string;
  app: RunningApp;
  closeSmtp: () => Promise<void>;
}

/** Handles the teardown needs (globalSetup and globalTeardown share this process). */
export interface TestRun {
  workers: WorkerRun[];
  template: string;
  closeGoogle: () => Promise<void>;
  tempDir: string;
}

declare global {
  var consultaTestRun: TestRun | undefined;
}

/**
 * One run: per Jest worker a shared app of its own, started from backend/dist, with a fresh PostgreSQL database
 * (a copy of the run's template, migrated with the CLI once), a unique Redis key prefix, an SMTP server whose
 * mailbox is a folder and a DATA_DIR (its PUBLIC_URL is its own address, so e-mailed links point at it); one fake
 * Google userinfo server and one tiny "built frontend" for all. A test file meets only its worker's app, as when the
 * files ran one after another: nothing one file writes (rows, mails, files, counters) is seen by a file running beside it.
 */
export default async function globalSetup(config: JestRun): Promise<void> {
  assertBuilt();
  const stamp = `${process.pid}_${Date.now()}`;
  const google = await startFakeGoogle();
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'consulta-test-'));
  const frontendDist = path.join(tempDir, 'frontend-dist');
  mkdirSync(path.join(frontendDist, 'assets'), { recursive: true });
  writeFileSync(path.join(frontendDist, 'index.html'), '<!doctype html><title>Consulta</title><div id="root"></div>');
  writeFileSync(path.join(frontendDist, 'assets', 'app-1234.js'), 'console.log("app");');

  // Migrated once; every database of the run (the workers', a suite's own: freshDatabase) is a copy of it.
  const template = await migratedDatabase(`consulta_test_${stamp}_template`);
  process.env[TEMPLATE_DATABASE_VAR] = template.name;
  const databases = [];
  for (let n = 1; n <= workerCount(config); n++) databases.push(await copyDatabase(template.name, `consulta_test_${stamp}_${n}`));

  // The usual umask, whatever this shell's: the app must make its files owner-only by itself (storage-cascades.test.ts).
  const umask = process.umask(0o022);
  const workers = await Promise.all(
    databases.map(async (database, i): Promise<WorkerRun> => {
      const dir = path.join(tempDir, `worker-${i + 1}`);
      const mailbox = path.join(dir, 'mailbox');
      const smtp = await startSmtpPeer(mailbox);
      const port = await freePort();
      const env: TestEnv = {
        appUrl: '',
        mailbox,
        databaseUrl: database.url,
        googleUrl: google.url,
        redisUrl: REDIS_URL,
        redisPrefix: `consulta-test:${stamp}:${i + 1}:`,
        jwtSecret: `test-secret-${stamp}-0123456789abcdef0123456789`,
        frontendDist,
        dataDir: path.join(dir, 'data'),
      };
      const app = await startApp({
        NODE_ENV: 'test',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'Consulta <no-reply@consulta.test>',
        MAIL_THROTTLE_PER_CLIENT: '100000',
        DATABASE_URL: env.databaseUrl,
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
      env.appUrl = app.url;
      return { env, database: database.name, app, closeSmtp: smtp.close };
    }),
  );
  process.umask(umask);
  saveTestEnvs(workers.map((w) => w.env));
  globalThis.consultaTestRun = { workers, template: template.name, closeGoogle: google.close, tempDir };
}

/** What the setup reads of Jest's global configuration. */
interface JestRun {
  maxWorkers: number;
  nonFlagArgs?: string[];
}

/** As many apps as Jest will run files at once: no more than the test files named, when they are all files. */
function workerCount(config: JestRun): number {
  const named = config.nonFlagArgs ?? [];
  const workers = Math.max(1, config.maxWorkers);
  if (named.length > 0 && named.every((arg) => arg.endsWith('.test.ts') && existsSync(arg))) return Math.min(named.length, workers);
  return workers;
}
