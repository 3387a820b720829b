// Benchmark of a patient's data export (issue 17) in embedded-style storage (the local-disk driver under a DATA_DIR of
// this run): a patient with BENCH_EXPORT_SESSIONS sessions (300) of ~BENCH_EXPORT_TRANSCRIPT characters of transcript
// (20,000) and one session video of BENCH_EXPORT_MB (1024 MiB), seeded on the direct connection and the disk; the
// therapist asks for the export (POST /pacientes/exportaciones/{id}) and the list is read every 200 ms until it is
// ready. Measured: wall time from the request to 'listo', archive size and throughput, and the app's RSS (sampled
// every 100 ms and its VmHWM peak, reset before the request). Budget: the RSS grows by at most 100 MiB (the archive
// streams; nothing of the record is held whole), whatever the video's size.
// Usage: node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON bench/export.mjs  (after `npx nx run backend:build`)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  appPid,
  baselineRss,
  call,
  knob,
  MiB,
  mib,
  patientPayload,
  prose,
  report,
  round,
  rssFigures,
  seedSessionsSql,
  sleep,
  startBench,
  watchRss,
  writeStandIn,
} from './lib.mjs';

const SESSIONS = knob('BENCH_EXPORT_SESSIONS', 300);
const TRANSCRIPT = knob('BENCH_EXPORT_TRANSCRIPT', 20_000);
const VIDEO_BYTES = knob('BENCH_EXPORT_MB', 1024) * MiB;
const BUDGET = { rss_growth_mib: 100 };

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'consulta-bench-export-'));
process.env.DATA_DIR = dataDir;
const ctx = await startBench();
try {
  await ctx.restartDirect();
  const patient = await call(ctx, 'POST', '/pacientes/', patientPayload(0));
  await seedSessionsSql(ctx, SESSIONS);
  await ctx.db.query(`update sessions set transcripcion = $2, analisis_ia = $3 where patient_id = $1`, [
    patient.id,
    prose(TRANSCRIPT, 7),
    prose(2000, 8),
  ]);
  const key = `files/${ctx.therapistId}/sesiones/${patient.id}/${randomBytes(8).toString('hex')}-Sesion.mp4`;
  await writeStandIn(path.join(dataDir, 'storage', 'objects', ...key.split('/')), VIDEO_BYTES);
  await ctx.db.query(
    `insert into stored_files (key, therapist_id, kind, file_name, content_type) values ($1, $2, 'video', 'Sesion.mp4', 'video/mp4')`,
    [key, ctx.therapistId],
  );
  await ctx.db.query(`update sessions set video_url = $2 where patient_id = $1 and numero_sesion = 1`, [patient.id, key]);

  const pid = appPid();
  const baseline = await baselineRss(pid);
  const rss = watchRss(pid, baseline);
  const start = performance.now();
  const started = await call(ctx, 'POST', `/pacientes/exportaciones/${patient.id}`);
  let ready;
  let polls = 0;
  while (!ready) {
    await sleep(200);
    polls++;
    const row = (await call(ctx, 'GET', `/pacientes/exportaciones/${patient.id}`)).find((e) => e.id === started.id);
    if (row.estado === 'error') throw new Error(`the export failed: ${row.mensaje_error}`);
    if (row.estado === 'listo') ready = row;
  }
  const wall = (performance.now() - start) / 1000;
  const memory = rssFigures(baseline, rss.stop());
  if (ready.tamano_bytes < VIDEO_BYTES || ready.archivos !== 1) throw new Error(`unexpected archive: ${JSON.stringify(ready)}`);
  const result = {
    date: new Date().toISOString(),
    sessions: SESSIONS,
    transcript_chars: TRANSCRIPT,
    video_mib: mib(VIDEO_BYTES),
    archive_mib: mib(ready.tamano_bytes),
    wall_s: round(wall),
    mib_per_s: round(mib(ready.tamano_bytes) / wall),
    polls,
    rss: memory,
    budget: BUDGET,
    within_budget: memory.growth_mib <= BUDGET.rss_growth_mib,
  };
  report('export', result);
  process.exitCode = result.within_budget ? 0 : 1;
} finally {
  await ctx.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
}
