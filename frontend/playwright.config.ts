import { defineConfig } from '@playwright/test';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Browser tests: they drive Debian's Chromium against the built app served by the built backend
 * (`nx run frontend:e2e` builds both first). The server runs in embedded mode on a fresh data directory,
 * so it seeds the demo practice and offers the demo sign-in.
 */
const root = path.resolve(__dirname, '..');
const PORT = Number(process.env.E2E_PORT ?? 3199);
// The AI provider's stand-in (e2e/support/ai-stand-in.ts) listens next to the app.
const AI_PORT = Number(process.env.E2E_AI_PORT ?? PORT - 1);
// Set once in the main process; the workers inherit it.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'consulta-e2e-'));
// While this folder holds a file the stand-in answers transcriptions after 12 s instead of 2.5 (see holdTranscriptions).
process.env.E2E_AI_HOLD_DIR ??= mkdtempSync(path.join(tmpdir(), 'consulta-e2e-ai-hold-'));
const repoNode = path.join(root, 'node_modules', '.bin', 'node');
const node = existsSync(repoNode) ? repoNode : 'node';
// Debian's headless shell (package chromium-headless-shell): the same engine as its chromium, what Playwright itself runs
// headless, at about two thirds of the full browser's CPU, which on a two-core machine is the difference between a
// browser suite that keeps to its timeouts and one that does not. CHROMIUM_PATH picks another (a headed run, say).
const SHELL = '/usr/bin/chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(SHELL) ? SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: true,
  workers: 3,
  // On CI a test that fails is run once more, and the report lists it as flaky if it then passes (on a two-core machine
  // with the whole suite beside it, one test in a few hundred runs has failed once unexplained). Locally never, so such
  // a test is seen and looked into (docs/testing.md).
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: './playwright-report' }]],
  forbidOnly: Boolean(process.env.CI),
  use: {
    baseURL: `http://localhost:${PORT}`,
    browserName: 'chromium',
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    viewport: { width: 1280, height: 800 },
    // As a person who asks the system for less motion (the app honours it, theme.ts): a click never lands on a dialog
    // or menu still moving in, whatever the machine's load. transcript-sync.spec keeps the motion on.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // A trace records the screen all along (a quarter of a test's time here): kept for local runs, where it is read.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    // delivery.spec measures how soon /login is usable on a slow phone: it runs once every other test has ended, so
    // it measures the page and not its neighbours (on two cores, three workers beside it had doubled its time). A
    // teardown runs even when tests before it fail. Its two tests run one after the other.
    { name: 'app', testIgnore: /delivery\.spec\.ts$/, teardown: 'delivery' },
    { name: 'delivery', testMatch: /delivery\.spec\.ts$/, fullyParallel: false },
  ],
  webServer: [
    {
      command: `"${node}" --disable-warning=MODULE_TYPELESS_PACKAGE_JSON frontend/e2e/support/ai-stand-in.ts`,
      cwd: root,
      url: `http://127.0.0.1:${AI_PORT}/v1/models`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_AI_PORT: String(AI_PORT), E2E_AI_HOLD_DIR: process.env.E2E_AI_HOLD_DIR },
    },
    {
      command: `"${node}" backend/dist/main.js`,
      cwd: root,
      url: `http://localhost:${PORT}/api/v1/config`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        DATA_DIR: process.env.E2E_DATA_DIR,
        NODE_ENV: 'test',
        // Embedded mode whatever the surrounding environment says.
        DATABASE_URL: '',
        REDIS_URL: '',
        S3_BUCKET: '',
        SMTP_URL: '',
        GOOGLE_CLIENT_ID: '',
        OPENAI_API_KEY: 'sk-e2e',
        OPENAI_BASE_URL: `http://127.0.0.1:${AI_PORT}/v1`,
        DEMO_LOGIN: 'true',
        // Passwords hashed at argon2id's least cost (test runs only; production refuses it).
        PASSWORD_HASH_COST: 'low',
        // The browser tests sign in many times from one address.
        LOGIN_THROTTLE_LIMIT: '100000',
        // No scheduled backup in the middle of a test (it holds file deletions while it runs); tested on its own.
        BACKUP_EVERY_HOURS: '0',
        // The agenda's reminders go out within seconds (a test reads the mailed links), and a patient may cancel up
        // to 2 h before the start, so an appointment a few hours ahead is reminded with a working cancel link.
        REMINDER_SWEEP_SECONDS: '2',
        PATIENT_CANCEL_HOURS: '2',
      },
    },
  ],
});
