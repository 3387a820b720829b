// Benchmark of the app's memory at rest: the RSS of the built app (VmRSS of /proc/{pid}/status, in MiB) while it
// serves nothing, in both modes:
//   server mode: a fresh PostgreSQL database and Redis (a prefix of this run), NODE_ENV=production, an AI provider
//     configured (never called); a first start (it applies the migrations), then a restart;
//   embedded mode: no DATABASE_URL, a fresh DATA_DIR (NODE_ENV unset: the demo sign-in is on);
//     a first start (it creates the PGlite cluster, applies the migrations and seeds the demo practice), then a
//     restart on the same DATA_DIR ("warm").
// Both run node with the options of `npm start` (package.json's start script). For each start: `after_start`
// (median of 5 samples, 200 ms apart, from 2 s after the app first answers GET /api/v1/health), `settled` and the
// start's peak (VmHWM). V8 gives back its young generation and free heap pages some 10-30 s after the start, once it
// sees the process idle (its memory reducer): the RSS is sampled once a second until it has dropped below
// after_start and its last 10 samples are within 1 MiB of each other (or for BENCH_IDLE_S seconds at most), and
// `settled` is the median of those 10. Budgets, on `settled`: server mode ≤ 140 MiB (both starts), embedded mode
// ≤ 250 MiB (the restart; the first start's figures are reported). On a busy machine V8 may wait longer before it
// settles: `load_1m` gives the 1-minute load average before and after each start.
// Usage: npm run bench:memory  (after `npx nx run backend:build`)
//   BENCH_IDLE_S=120 BENCH_PORT=3420 BENCH_PG=postgres://postgres@127.0.0.1:5432/postgres BENCH_REDIS=redis://127.0.0.1:6379
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { appNodeOptions, knob, memory, MiB, mib, report, root, round, sleep } from './lib.mjs';

const IDLE_S = knob('BENCH_IDLE_S', 120);
const PORT = knob('BENCH_PORT', 3290 + (process.pid % 100));
const BUDGET_MIB = { server: 140, embedded: 250 };
const MAIN_JS = path.join(root, 'backend/dist/main.js');

/** Starts backend/dist/main.js as `npm start` does, with only `env` (plus PATH and HOME), and waits for its first answer. */
async function start(env) {
  const app = spawn(process.execPath, [...appNodeOptions, MAIN_JS], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(PORT), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (app.exitCode !== null) throw new Error(`the app exited with ${app.exitCode} during start-up`);
    if (Date.now() > deadline) throw new Error('the app did not answer within 120 s');
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/v1/health`)).ok) return app;
    } catch {
      /* not listening yet */
    }
    await sleep(100);
  }
}

async function stop(app) {
  const exited = new Promise((resolve) => (app.exitCode === null ? app.once('exit', resolve) : resolve()));
  app.kill();
  await exited;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One start of the app, idle: RSS right after the start, once settled, and the start's peak. */
async function measureStart(label, env) {
  const loadBefore = os.loadavg()[0];
  const started = Date.now();
  const app = await start(env);
  const ready = Date.now();
  await sleep(2000);
  const early = [];
  for (let i = 0; i < 5; i++) {
    early.push(memory(app.pid).rss);
    await sleep(200);
  }
  const afterStart = median(early);
  const samples = [];
  const last10 = () => samples.slice(-10);
  const settled = () =>
    samples.some((rss) => rss < afterStart - 4 * MiB) && samples.length >= 10 && Math.max(...last10()) - Math.min(...last10()) <= MiB;
  while (!settled() && Date.now() - ready < IDLE_S * 1000) {
    await sleep(1000);
    samples.push(memory(app.pid).rss);
  }
  const figures = {
    ready_s: round((ready - started) / 1000),
    after_start_mib: mib(afterStart),
    settled_mib: mib(median(last10())),
    settled: settled(),
    idle_s: round((Date.now() - ready) / 1000),
    peak_mib: mib(memory(app.pid).hwm),
    samples_mib: samples.map((rss) => Math.round(rss / MiB)).join(' '),
  };
  await stop(app);
  figures.load_1m = [round(loadBefore), round(os.loadavg()[0])];
  console.log(
    `${label.padEnd(22)} ready in ${figures.ready_s} s, after start ${figures.after_start_mib} MiB, ` +
      `${figures.settled ? 'settled' : 'not settled'} after ${figures.idle_s} s at ${figures.settled_mib} MiB, peak ${figures.peak_mib} MiB`,
  );
  return figures;
}

async function serverMode() {
  const server = new URL(process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const database = `consulta_bench_memory_${process.pid}`;
  const redisUrl = process.env.BENCH_REDIS ?? 'redis://127.0.0.1:6379';
  const redisPrefix = `consulta-bench-memory-${process.pid}:`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'consulta-bench-memory-server-'));
  const admin = new pg.Client({ connectionString: server.href });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: `postgres://${server.username || 'postgres'}@${server.hostname}:${server.port || 5432}/${database}`,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    MAIL_OUTBOX: 'true',
    // A provider is configured, as in production; nothing asks it anything (its SDK is loaded on the first call).
    OPENAI_API_KEY: 'bench',
    OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
  };
  try {
    return { first_start: await measureStart('server, first start', env), restart: await measureStart('server, restart', env) };
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
    await dropRedisKeys(redisUrl, redisPrefix);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function embeddedMode() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'consulta-bench-memory-embedded-'));
  try {
    const env = { DATA_DIR: dataDir };
    return { first_start: await measureStart('embedded, first start', env), restart: await measureStart('embedded, restart', env) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The jobs' keys (schedulers) this run left in Redis. */
async function dropRedisKeys(url, prefix) {
  const redis = new Redis(url, { lazyConnect: true });
  await redis.connect();
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  redis.disconnect();
}

const server = await serverMode();
const embedded = await embeddedMode();
const checks = {
  server_first_start: server.first_start.settled_mib <= BUDGET_MIB.server,
  server_restart: server.restart.settled_mib <= BUDGET_MIB.server,
  embedded_restart: embedded.restart.settled_mib <= BUDGET_MIB.embedded,
};
report('memory', {
  date: new Date().toISOString(),
  max_idle_s: IDLE_S,
  server,
  embedded,
  budget_settled_mib: BUDGET_MIB,
  within_budget: checks,
});
const missed = Object.entries(checks).filter(([, ok]) => !ok);
for (const [name] of missed) console.log(`over budget: ${name}`);
process.exitCode = missed.length > 0 ? 1 : 0;
