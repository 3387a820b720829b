// Benchmark of GET /api/v1/pacientes/ for a therapist with 1,000 patients and 50,000 sessions (50 each).
// Starts the built app on a fresh PostgreSQL database behind a statement-counting proxy, seeds the patients
// through the API and their sessions with one bulk INSERT (50,000 sessions through the API would take minutes),
// checks the totals through the API and counts the SQL statements per request; then restarts the app connected
// straight to PostgreSQL (the proxy is measuring apparatus, not part of the system) and measures latency.
// Usage: npm run bench  (after `npx nx run backend:build`)
//   BENCH_PATIENTS=1000 BENCH_SESSIONS_PER_PATIENT=50 BENCH_REQUESTS=500 BENCH_PORT=3411
//   BENCH_PG=postgres://postgres@127.0.0.1:5432
import { performance } from 'node:perf_hooks';
import {
  call,
  knob,
  latency,
  report,
  seededMinutes,
  seedPatients,
  seedSessionsSql,
  settle,
  startBench,
  statementsPerRequest,
  timed,
} from './lib.mjs';

const PATIENTS = knob('BENCH_PATIENTS', 1000);
const PER_PATIENT = knob('BENCH_SESSIONS_PER_PATIENT', 50);
const REQUESTS = knob('BENCH_REQUESTS', 500);
const WARMUP = 50;
/** Requests whose SQL statements are counted (through the proxy, before the latency run). */
const COUNTED = 100;
const BUDGET = { p95_ms: 25, sql_statements_per_request: 2 };

const ctx = await startBench();
try {
  let start = performance.now();
  await seedPatients(ctx, PATIENTS);
  console.log(`seeded ${PATIENTS} patients through the API in ${seconds(start)} s`);
  start = performance.now();
  const sessions = await seedSessionsSql(ctx, PER_PATIENT);
  console.log(`seeded ${sessions} sessions with one INSERT in ${seconds(start)} s`);
  await settle(ctx);

  const check = await call(ctx, 'GET', '/pacientes/');
  if (check.length !== PATIENTS) throw new Error(`expected ${PATIENTS} patients, got ${check.length}`);
  const minutes = seededMinutes(PER_PATIENT);
  const wrong = check.find((p) => p.total_sesiones !== PER_PATIENT || p.total_tiempo_minutos !== minutes);
  if (wrong) throw new Error(`expected total_sesiones ${PER_PATIENT} and ${minutes} minutes, got ${JSON.stringify(wrong)}`);
  console.log(`checked: every patient shows total_sesiones ${PER_PATIENT}, total_tiempo_minutos ${minutes}`);

  const list = () => timed(ctx, 'GET', '/pacientes/');
  const statements = await statementsPerRequest(ctx, COUNTED, list);

  await ctx.restartDirect();
  const times = await latency(WARMUP, REQUESTS, list);
  const result = {
    date: new Date().toISOString(),
    patients: PATIENTS,
    sessions,
    requests: REQUESTS,
    ...times,
    sql_statements_per_request: statements,
    budget: BUDGET,
  };
  result.within_budget = result.p95_ms <= BUDGET.p95_ms && statements <= BUDGET.sql_statements_per_request;
  report('patients-list', result);
  process.exitCode = result.within_budget ? 0 : 1;
} finally {
  await ctx.cleanup();
}

function seconds(since) {
  return ((performance.now() - since) / 1000).toFixed(1);
}
