// Benchmark of the access history (issue 17): what recording adds to a clinical read.
//   GET /api/v1/pacientes/unified/{id}   (recorded: one entry, written before the answer goes)
// 1. Sequential requests, timed to the last byte (the app on a direct connection, as the other benches).
// 2. The same request from 16 clients at once: group commit writes the entries of requests that settle together in
//    one INSERT; the entries per INSERT are counted from the rows' transaction ids (one INSERT, one transaction).
// 3. "Without recording": the request minus its entry, i.e. the INSERT the writer sends, timed alone on its own
//    connection (1 row, and 16 rows as a group), subtracted from the request's own figures.
// Usage: node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON bench/access-history.mjs  (after `npx nx run backend:build`)
//   BENCH_REQUESTS=500 BENCH_CLIENTS=16 BENCH_PORT=3413
import { call, knob, latency, patientPayload, report, round, settle, startBench, timed } from './lib.mjs';

const REQUESTS = knob('BENCH_REQUESTS', 500);
const CLIENTS = knob('BENCH_CLIENTS', 16);
const WARMUP = 50;

const ENTRY_SQL = `insert into access_history (occurred_at, patient_id, actor_id, actor_role, kind, action, method, path, status, success, ip, user_agent)
  select now(), $1::uuid, $2::uuid, 'terapeuta', 'ficha', 'lectura', 'GET', '/api/v1/pacientes/unified/x', 200, true, '127.0.0.1', 'bench'
  from generate_series(1, $3::int)`;

const ctx = await startBench();
try {
  const patient = await call(ctx, 'POST', '/pacientes/', patientPayload(0));
  await settle(ctx);
  await ctx.restartDirect();
  const route = `/pacientes/unified/${patient.id}`;

  const sequential = await latency(WARMUP, REQUESTS, () => timed(ctx, 'GET', route));

  const lastId = (await ctx.db.query('select coalesce(max(id), 0)::text as id from access_history')).rows[0].id;
  const times = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < REQUESTS) {
        next += 1;
        times.push((await timed(ctx, 'GET', route)).ms);
      }
    }),
  );
  times.sort((a, b) => a - b);
  const pct = (p) => round(times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]);
  // Each INSERT is its own transaction: the rows one INSERT wrote share their xmin.
  const written = (
    await ctx.db.query('select count(*)::int as n, count(distinct xmin::text)::int as inserts from access_history where id > $1', [lastId])
  ).rows[0];
  const rows = written.n;
  const inserts = written.inserts;

  const insertAlone = async (n) => {
    const t = [];
    for (let i = 0; i < 200; i++) {
      const start = performance.now();
      await ctx.db.query(ENTRY_SQL, [patient.id, ctx.therapistId, n]);
      t.push(performance.now() - start);
    }
    t.sort((a, b) => a - b);
    return { p50_ms: round(t[99]), p95_ms: round(t[189]) };
  };
  const one = await insertAlone(1);
  const group = await insertAlone(CLIENTS);

  report('access-history', {
    date: new Date().toISOString(),
    requests: REQUESTS,
    sequential_with_recording: sequential,
    sequential_without_recording_estimate: { p50_ms: round(sequential.p50_ms - one.p50_ms), p95_ms: round(sequential.p95_ms - one.p95_ms) },
    entry_insert_alone: { one_row: one, [`${CLIENTS}_rows`]: group },
    concurrent: {
      clients: CLIENTS,
      p50_ms: pct(50),
      p95_ms: pct(95),
      entries_written: rows,
      insert_statements: inserts,
      entries_per_insert: inserts ? round(rows / inserts) : null,
    },
  });
} finally {
  await ctx.cleanup();
}
