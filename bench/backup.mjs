// Benchmark of backup and restore (issue 27): an installation in server mode (PostgreSQL, files on the local disk
// under DATA_DIR) with BENCH_BACKUP_PATIENTS patients (40) of BENCH_BACKUP_SESSIONS sessions each (25) with ~10,000
// characters of transcript, and stored videos totalling BENCH_BACKUP_MB (2048 MiB, in files of 256 MiB), seeded on the
// direct connection and the disk. Measured, each as its own process, as an operator runs them:
//   `cli backup --out` (wall time, MiB/s, peak RSS), at the full size and at a quarter of it: the peak must not grow
//   with the data (budget: the full-size peak at most 32 MiB above the quarter-size one);
//   `cli backup --verify` of the archive (wall time, peak RSS);
//   `cli restore` of it into a fresh embedded installation (wall time, peak RSS: mostly the embedded engine creating its
//   cluster, as the first `cli migrate` of a new DATA_DIR does, whatever the archive's size);
//   `cli backup --out` of that embedded copy (PGlite's COPY in pages, then the files).
// The peak RSS is the process's VmHWM, read every 50 ms until it exits.
// Usage: node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON bench/backup.mjs  (after `npx nx run backend:build`)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  call,
  knob,
  memory,
  MiB,
  mib,
  patientPayload,
  prose,
  report,
  root,
  round,
  seedSessionsSql,
  startBench,
  writeStandIn,
} from './lib.mjs';

const PATIENTS = knob('BENCH_BACKUP_PATIENTS', 40);
const SESSIONS = knob('BENCH_BACKUP_SESSIONS', 25);
const FILES_BYTES = knob('BENCH_BACKUP_MB', 2048) * MiB;
const FILE_BYTES = 256 * MiB;
const BUDGET = { peak_growth_with_data_mib: 32 };

const work = mkdtempSync(path.join(process.env.BENCH_BACKUP_DIR ?? os.tmpdir(), 'consulta-bench-backup-'));
const dataDir = path.join(work, 'data');
process.env.DATA_DIR = dataDir;
for (const name of Object.keys(process.env)) if (name.startsWith('S3_') || name.startsWith('BACKUP_')) delete process.env[name];
const ctx = await startBench();
try {
  const patients = [];
  for (let i = 0; i < PATIENTS; i++) patients.push(await call(ctx, 'POST', '/pacientes/', patientPayload(i)));
  await seedSessionsSql(ctx, SESSIONS);
  await ctx.db.query(`update sessions set transcripcion = $1, analisis_ia = $2`, [prose(10_000, 7), prose(2000, 8)]);
  const keys = [];
  for (let written = 0, i = 0; written < FILES_BYTES; written += FILE_BYTES, i++) {
    const patient = patients[i % patients.length];
    const key = `files/${ctx.therapistId}/sesiones/${patient.id}/${randomBytes(8).toString('hex')}-Sesion-${i}.mp4`;
    await writeStandIn(path.join(dataDir, 'storage', 'objects', ...key.split('/')), Math.min(FILE_BYTES, FILES_BYTES - written));
    await ctx.db.query(
      `insert into stored_files (key, therapist_id, kind, file_name, content_type) values ($1, $2, 'video', 'Sesion.mp4', 'video/mp4')`,
      [key, ctx.therapistId],
    );
    keys.push(key);
  }
  const rows = Number((await ctx.db.query(`select count(*) from sessions`)).rows[0].count);
  const serverEnv = { DATABASE_URL: ctx.directUrl, DATA_DIR: dataDir, JWT_SECRET: 'bench-secret-bench-secret-bench-secret' };

  // A quarter of the files first (the others moved out of the store's sight), then all of them.
  const quarterKeys = keys.slice(0, Math.max(1, Math.floor(keys.length / 4)));
  await ctx.db.query(`create table bench_hidden_files as select * from stored_files where not (key = any($1))`, [quarterKeys]);
  await ctx.db.query(`delete from stored_files where not (key = any($1))`, [quarterKeys]);
  const quarter = await timedCli(serverEnv, ['backup', '--out', path.join(work, 'quarter.tar')]);
  await ctx.db.query(`insert into stored_files select * from bench_hidden_files; drop table bench_hidden_files`);
  rmSync(path.join(work, 'quarter.tar'));

  const archive = path.join(work, 'full.tar');
  const backup = await timedCli(serverEnv, ['backup', '--out', archive]);
  const archiveBytes = statSync(archive).size;
  const verify = await timedCli(serverEnv, ['backup', '--verify', archive]);
  const embeddedEnv = { DATA_DIR: path.join(work, 'restored'), JWT_SECRET: serverEnv.JWT_SECRET, BACKUP_EVERY_HOURS: '0' };
  const restore = await timedCli(embeddedEnv, ['restore', archive]);
  rmSync(archive);
  const embeddedBackup = await timedCli(embeddedEnv, ['backup', '--out', path.join(work, 'embedded.tar')]);

  const result = {
    date: new Date().toISOString(),
    sessions: rows,
    files: keys.length,
    files_mib: mib(FILES_BYTES),
    archive_mib: mib(archiveBytes),
    backup: { ...backup, mib_per_s: round(mib(archiveBytes) / backup.wall_s) },
    backup_of_a_quarter: { ...quarter, files: quarterKeys.length },
    verify: { ...verify, mib_per_s: round(mib(archiveBytes) / verify.wall_s) },
    restore_into_embedded: { ...restore, mib_per_s: round(mib(archiveBytes) / restore.wall_s) },
    backup_of_the_embedded_copy: { ...embeddedBackup, mib_per_s: round(mib(archiveBytes) / embeddedBackup.wall_s) },
    peak_growth_with_data_mib: round(backup.peak_rss_mib - quarter.peak_rss_mib),
    budget: BUDGET,
  };
  result.within_budget = result.peak_growth_with_data_mib <= BUDGET.peak_growth_with_data_mib;
  report('backup', result);
  process.exitCode = result.within_budget ? 0 : 1;
} finally {
  await ctx.cleanup();
  rmSync(work, { recursive: true, force: true });
}

/** Runs the CLI; answers its wall time and peak RSS (VmHWM, read every 50 ms while it runs). */
async function timedCli(env, args) {
  const start = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'backend/dist/cli.js'), ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', MAIL_OUTBOX: 'true', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  let peak = 0;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, memory(child.pid).hwm);
    } catch {
      /* exited */
    }
  }, 50);
  const code = await new Promise((resolve) => child.once('exit', resolve));
  clearInterval(timer);
  if (code !== 0) throw new Error(`cli ${args.join(' ')} exited with ${code}: ${out}`);
  console.log(out.trim());
  return { wall_s: round((performance.now() - start) / 1000), peak_rss_mib: mib(peak) };
}
