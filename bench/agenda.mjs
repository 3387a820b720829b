// Benchmark of the agenda: the therapist's week (GET /api/v1/citas) among 20,000 appointments of one therapist (five
// years of a full practice), and the reminder sweep over 100,000 appointments of 50 therapists.
// The week: 100 patients through the API, the appointments with one bulk INSERT (16 a working day, 40 minutes each,
// 2024-01-01 to 2028-10 in Madrid; past ones realizada, a few cancelled), statements counted through the proxy over
// 100 requests of random weeks, then 50 warm-up and 500 timed requests on a direct connection.
// The sweep: 50 more therapists with 5 patients each and 2,000 appointments each (one bulk INSERT), spread over 250
// days around now (~400 start within the next day: eight per therapist, as in a full practice), then two more app
// processes sweep at once every second until nothing is due: each sweep's time, and that no appointment was reminded
// twice (the mails read back from their outboxes).
// Usage: npm run bench:agenda  (after `npx nx run backend:build`)
//   BENCH_APPOINTMENTS=20000 BENCH_SWEEP_APPOINTMENTS=100000 BENCH_REQUESTS=500
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { simpleParser } from 'mailparser';
import { call, knob, latency, report, root, seedPatients, settle, startBench, statementsPerRequest, timed } from './lib.mjs';

const APPOINTMENTS = knob('BENCH_APPOINTMENTS', 20000);
const SWEEP_APPOINTMENTS = knob('BENCH_SWEEP_APPOINTMENTS', 100000);
const SWEEP_THERAPISTS = 50;
const REQUESTS = knob('BENCH_REQUESTS', 500);
const WARMUP = 50;
const COUNTED = 100;
const PATIENTS = 100;
const BUDGET = { p95_ms: 15, sql_statements_per_request: 2, sweep_ms: 1000 };
/** Appointments that the sweep has to remind right now. */
const DUE_SQL = `select count(*)::int as due from appointments
  where estado in ('programada', 'confirmada') and recordatorio_para is distinct from inicio
    and inicio > now() and inicio <= now() + interval '24 hours'`;

// The benchmark's own app sends no reminders: the sweep is measured on two replicas of its own (sweepTwice).
process.env.REMINDER_HOURS_BEFORE = '0';
const ctx = await startBench();
try {
  let start = performance.now();
  const patients = await seedPatients(ctx, PATIENTS);
  await seedWeekdays(ctx.db, ctx.therapistId, patients, APPOINTMENTS);
  console.log(`seeded ${PATIENTS} patients and ${APPOINTMENTS} appointments in ${seconds(start)} s`);
  start = performance.now();
  await seedSweep(ctx.db, SWEEP_THERAPISTS, SWEEP_APPOINTMENTS);
  console.log(`seeded ${SWEEP_THERAPISTS} therapists with ${SWEEP_APPOINTMENTS} appointments in ${seconds(start)} s`);
  await settle(ctx);

  // Weeks from the seeded range (Mondays of 2024-2028), the same sequence on every run.
  const weeks = Array.from({ length: 240 }, (_, i) => mondayOf(i));
  const week = (i) => {
    const monday = weeks[(i * 37) % weeks.length];
    return `/citas?desde=${monday}&hasta=${addDays(monday, 6)}`;
  };
  const sample = await call(ctx, 'GET', week(0));
  if (sample.length !== 80) throw new Error(`expected the 80 appointments of a week, got ${sample.length}`);
  console.log(`checked: a week holds 80 appointments (${JSON.stringify(sample[0]).length * 80} bytes)`);
  const list = (i) => timed(ctx, 'GET', week(i));
  const statements = await statementsPerRequest(ctx, COUNTED, list);

  await ctx.restartDirect();
  const times = await latency(WARMUP, REQUESTS, list);
  const sweep = await sweepTwice(ctx);

  const result = {
    date: new Date().toISOString(),
    appointments: APPOINTMENTS,
    requests: REQUESTS,
    ...times,
    sql_statements_per_request: statements,
    sweep,
    budget: BUDGET,
  };
  result.within_budget =
    result.p95_ms <= BUDGET.p95_ms &&
    statements <= BUDGET.sql_statements_per_request &&
    sweep.slowest_ms <= BUDGET.sweep_ms &&
    sweep.reminded_twice === 0 &&
    sweep.mails === sweep.due_before &&
    sweep.due_before > 0;
  report('agenda', result);
  process.exitCode = result.within_budget ? 0 : 1;
} finally {
  await ctx.cleanup();
}

/** `count` appointments of the therapist: 16 per working day from 2024-01-01, 08:00-18:40 in Madrid, patients in turn. */
async function seedWeekdays(db, therapistId, patientIds, count) {
  await db.query(
    `insert into appointments (id, therapist_id, patient_id, inicio, fin, duracion_minutos, modalidad, lugar_o_enlace, estado, notas)
     select gen_random_uuid(), $1::uuid, ((string_to_array($2, ','))[1 + i % $3])::uuid, t, t + interval '40 minutes', 40,
       case when i % 3 = 0 then 'videollamada' else 'presencial' end, 'Consulta 2', 
       case when i % 41 = 0 then 'cancelada' when t < now() then 'realizada' else 'programada' end,
       case when i % 5 = 0 then 'Revisar la tarea de la semana y el registro de pensamientos.' end
     from generate_series(0, $4 - 1) as i,
     lateral (select ((date '2024-01-01' + (i / 80) * 7 + (i / 16) % 5)::timestamp + time '08:00' + ((i % 16) * 40) * interval '1 minute')
       at time zone 'Europe/Madrid' as t) s`,
    [therapistId, patientIds.join(','), patientIds.length, count],
  );
}

/** `therapists` therapists with 5 patients each and `count` appointments in all, spread over 250 days around now. */
async function seedSweep(db, therapists, count) {
  await db.query(
    `insert into users (id, email, name, role)
     select ('00000000-0000-4000-8000-' || lpad(t::text, 12, '0'))::uuid, 'sweep' || t || '@example.com', 'Terapeuta ' || t, 'terapeuta'
     from generate_series(1, $1) t`,
    [therapists],
  );
  await db.query(
    `insert into users (id, email, name, role)
     select ('00000000-0000-4000-9000-' || lpad(p::text, 12, '0'))::uuid, 'sweep.paciente' || p || '@example.com', 'Paciente ' || p, 'paciente'
     from generate_series(1, $1 * 5) p`,
    [therapists],
  );
  await db.query(
    `insert into patients (id, user_id, therapist_id, nombre, apellido)
     select ('00000000-0000-4000-a000-' || lpad(p::text, 12, '0'))::uuid, ('00000000-0000-4000-9000-' || lpad(p::text, 12, '0'))::uuid,
       ('00000000-0000-4000-8000-' || lpad((1 + (p - 1) / 5)::text, 12, '0'))::uuid, 'Paciente', 'Número ' || p
     from generate_series(1, $1 * 5) p`,
    [therapists],
  );
  await db.query(
    `insert into appointments (id, therapist_id, patient_id, inicio, fin, duracion_minutos, modalidad, lugar_o_enlace, estado)
     select gen_random_uuid(), ('00000000-0000-4000-8000-' || lpad((1 + p / 5)::text, 12, '0'))::uuid,
       ('00000000-0000-4000-a000-' || lpad((1 + p)::text, 12, '0'))::uuid, t, t + interval '50 minutes', 50, 'presencial', 'Consulta 1',
       case when t < now() then 'realizada' else 'programada' end
     from generate_series(0, $1 - 1) as i,
     lateral (select (i % ($2 * 5)) as p, date_trunc('minute', now() - interval '125 days' + (i * (250.0 / $1)) * interval '1 day') as t) s`,
    [count, therapists],
  );
}

/**
 * The sweep as the app runs it: two more app processes on the same database (two replicas, each with its own timer:
 * no Redis, so both sweep at once), REMINDER_SWEEP_SECONDS=1; once nothing is left to remind, both stop. Each sweep's
 * time is the app's own log line ('Appointment reminders: N queued in X ms'); the mails are read back from both
 * outboxes (their .ics attachments' UIDs) to count reminders per appointment.
 */
async function sweepTwice(ctx) {
  const [{ due }] = (await ctx.db.query(DUE_SQL)).rows;
  const replicas = [0, 1].map((n) => replica(ctx, n));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [{ left }] = (await ctx.db.query(DUE_SQL.replace('as due', 'as left'))).rows;
    if (left === 0 || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await new Promise((resolve) => setTimeout(resolve, 3000)); // a few more sweeps, which must find nothing
  const runs = [];
  for (const r of replicas) runs.push(await r.stop());
  const uids = [];
  for (const r of runs) uids.push(...r.uids);
  const perAppointment = new Map();
  for (const uid of uids) perAppointment.set(uid, (perAppointment.get(uid) ?? 0) + 1);
  const sweeps = runs.flatMap((r) => r.sweeps);
  return {
    due_before: due,
    mails: uids.length,
    reminded_twice: [...perAppointment.values()].filter((n) => n > 1).length,
    claimed: sweeps.reduce((a, s) => a + s.queued, 0),
    sweeps_that_queued: sweeps.map((s) => `${s.queued} in ${s.ms} ms (claiming ${s.claiming_ms} ms)`),
    slowest_ms: Math.max(0, ...sweeps.map((s) => s.ms)),
  };
}

/** One more app process sweeping every second; `stop()` answers its sweeps (from its log) and its mails' UIDs. */
function replica(ctx, n) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `consulta-bench-agenda-${n}-`));
  const child = spawn(process.execPath, [path.join(root, 'backend/dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(3600 + (process.pid % 100) * 2 + n),
      DATABASE_URL: ctx.directUrl,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
      MAIL_OUTBOX: 'true',
      DATA_DIR: dataDir,
      REMINDER_HOURS_BEFORE: '24',
      REMINDER_SWEEP_SECONDS: '1',
      LOG_FORMAT: 'text',
      LOG_LEVEL: 'info',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  return {
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()));
      const sweeps = [...log.matchAll(/Appointment reminders: (\d+) queued in (\d+) ms \(claiming (\d+) ms\)/g)].map((m) => ({
        queued: Number(m[1]),
        ms: Number(m[2]),
        claiming_ms: Number(m[3]),
      }));
      const outbox = path.join(dataDir, 'outbox');
      const files = existsSync(outbox) ? readdirSync(outbox) : [];
      const uids = [];
      for (const file of files) {
        const mail = await simpleParser(readFileSync(path.join(outbox, file)));
        const ics = mail.attachments.find((a) => a.filename?.endsWith('.ics'));
        const uid = ics && /UID:(\S+)/.exec(ics.content.toString('utf8'))?.[1];
        if (uid) uids.push(uid);
      }
      rmSync(dataDir, { recursive: true, force: true });
      return { sweeps, uids };
    },
  };
}

function mondayOf(i) {
  return addDays('2024-01-01', i * 7);
}

function addDays(day, days) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function seconds(since) {
  return ((performance.now() - since) / 1000).toFixed(1);
}
