// Benchmark of a patient's exercises: a patient with 500 assigned exercises in 20 modules
// (25 each), 100 of them also assigned individually, 200 completed with notes, in a bank of 600 exercises shared
// with 20 other patients (5 modules each). Seeded with bulk INSERTs on the direct connection after the patient is
// created through the API; the answers are checked against the seeded counts. Measured:
//   GET /paciente-ejercicios/pacientes/{id}/ejercicios/unified   (the therapist: list + progress)
//   GET /paciente-ejercicios/pacientes/{id}/ejercicios/progreso  (the therapist: progress)
//   GET /paciente-ejercicios/mis-ejercicios                      (the patient: their own list + progress)
// Same method as patients-list.mjs: statements counted through the proxy, then the app restarted on a direct
// connection, warm-up and sequential requests timed to the last byte.
// Usage: node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON bench/exercises.mjs  (after `npx nx run backend:build`)
//   BENCH_MODULES=20 BENCH_PER_MODULE=25 BENCH_REQUESTS=500 BENCH_PORT=3412
import { readFileSync } from 'node:fs';
import {
  appPid,
  call,
  knob,
  latency,
  patientPayload,
  report,
  round,
  seedPatients,
  settle,
  startBench,
  statementsPerRequest,
  timed,
} from './lib.mjs';

const MODULES = knob('BENCH_MODULES', 20);
const PER_MODULE = knob('BENCH_PER_MODULE', 25);
const ASSIGNED = MODULES * PER_MODULE;
const DUAL = Math.floor(ASSIGNED / 5);
const COMPLETED = Math.floor((ASSIGNED * 2) / 5);
const OTHER_PATIENTS = 20;
const REQUESTS = knob('BENCH_REQUESTS', 500);
const WARMUP = 50;
const COUNTED = 100;
const BUDGET = { p95_ms: 25, statements: 3 };

const ctx = await startBench();
try {
  // The measured patient signs in (their own call), so they are created through the API with a password.
  const created = await call(ctx, 'POST', '/pacientes/', patientPayload(OTHER_PATIENTS));
  const login = await call(ctx, 'POST', '/auth/login/patient', { email: created.email, contrasenia: created.temporary_password }, {});
  const changed = await call(
    ctx,
    'POST',
    '/auth/change-password',
    { new_password: 'Banco#Ejercicios2026' },
    { authorization: `Bearer ${login.access_token}` },
  );
  const patientCtx = { ...ctx, auth: { authorization: `Bearer ${changed.access_token}` } };
  const patientId = created.id;
  await seedPatients(ctx, OTHER_PATIENTS);
  await seed(patientId);
  await settle(ctx);

  const unifiedRoute = `/paciente-ejercicios/pacientes/${patientId}/ejercicios/unified`;
  const answer = await call(ctx, 'GET', unifiedRoute);
  const dual = answer.ejercicios.filter((e) => e.individual && e.modulos.length > 0).length;
  if (answer.total !== ASSIGNED || answer.completados !== COMPLETED || dual !== DUAL || answer.por_modulo.length !== MODULES) {
    throw new Error(
      `expected ${ASSIGNED} exercises (${COMPLETED} completed, ${DUAL} dual) in ${MODULES} modules; got ${answer.total} (${answer.completados}, ${dual}) in ${answer.por_modulo.length}`,
    );
  }
  const mine = await call(patientCtx, 'GET', '/paciente-ejercicios/mis-ejercicios');
  if (JSON.stringify(mine.ejercicios) !== JSON.stringify(answer.ejercicios))
    throw new Error("the patient's list differs from the therapist's");

  const requests = {
    unified: () => timed(ctx, 'GET', unifiedRoute),
    progress: () => timed(ctx, 'GET', `/paciente-ejercicios/pacientes/${patientId}/ejercicios/progreso`),
    patient_own_list: () => timed(patientCtx, 'GET', '/paciente-ejercicios/mis-ejercicios'),
  };
  const statements = {};
  for (const [name, request] of Object.entries(requests)) statements[name] = await statementsPerRequest(ctx, COUNTED, request);

  await ctx.restartDirect();
  const result = {
    date: new Date().toISOString(),
    requests: REQUESTS,
    assigned: ASSIGNED,
    modules: MODULES,
    dual: DUAL,
    completed: COMPLETED,
  };
  let within = true;
  for (const [name, request] of Object.entries(requests)) {
    for (let i = 0; i < WARMUP; i++) await request(i);
    const before = await serverCpu();
    const times = await latency(0, REQUESTS, request);
    const after = await serverCpu();
    result[name] = {
      ...times,
      server_cpu_ms: round((after.app - before.app) / REQUESTS),
      db_cpu_ms: after.db === null || before.db === null ? null : round((after.db - before.db) / REQUESTS),
      sql_statements_per_request: statements[name],
      budget_p95_ms: BUDGET.p95_ms,
      budget_statements: BUDGET.statements,
    };
    within &&= times.p95_ms <= BUDGET.p95_ms && statements[name] <= BUDGET.statements;
  }
  result.within_budget = within;
  report('exercises', result);
  process.exitCode = within ? 0 : 1;
} finally {
  await ctx.cleanup();
}

/**
 * CPU milliseconds (user and kernel, /proc) used so far by the app's process and by the PostgreSQL backends of the
 * bench database (the app's pool; null when PostgreSQL runs elsewhere): per request, the cost that does not depend
 * on what else the machine runs.
 */
async function serverCpu() {
  const cpuMs = (pid) => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ = 100
  };
  const { rows } = await ctx.db.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
  let db = 0;
  try {
    for (const { pid } of rows) db += cpuMs(pid);
  } catch {
    db = null;
  }
  return { app: cpuMs(appPid()), db };
}

/** The bank, the modules, the assignments and the completions, in a few bulk statements. */
async function seed(patientId) {
  const q = (text, values) => ctx.db.query(text, values);
  const categories = [
    'Ansiedad',
    'Depresión',
    'Mindfulness',
    'Autoestima',
    'Habilidades sociales',
    'Regulación emocional',
    'Trauma',
    'Otra',
  ];
  await q(
    `insert into exercises (id, therapist_id, titulo, descripcion, categoria, fecha_creacion, fecha_actualizacion)
     select gen_random_uuid(), $1, format('Ejercicio %s', n), repeat('Practica durante diez minutos y anota lo que notas. ', 4),
       case when n % 9 = 0 then null else ($2::text[])[1 + n % 8] end, now() - n * interval '1 minute', now()
     from generate_series(1, $3::int) n`,
    [ctx.therapistId, categories, ASSIGNED + 100],
  );
  await q(
    `insert into modules (id, therapist_id, titulo, descripcion, fecha_creacion, fecha_actualizacion)
     select gen_random_uuid(), $1, format('Módulo %s', n), 'Semana de práctica guiada', now() - n * interval '1 hour', now()
     from generate_series(1, $2::int) n`,
    [ctx.therapistId, MODULES],
  );
  // Exercise k (1..ASSIGNED, by title number) goes to module ceil(k / PER_MODULE) at place ((k - 1) % PER_MODULE) + 1.
  await q(
    `insert into module_exercises (module_id, exercise_id, orden)
     select m.id, e.id, (e.n - 1) % $2 + 1
     from (select id, substring(titulo from 11)::int as n from exercises) e
     join (select id, substring(titulo from 8)::int as n from modules) m on m.n = (e.n - 1) / $2 + 1
     where e.n <= $1`,
    [ASSIGNED, PER_MODULE],
  );
  await q(
    `insert into patient_modules (patient_id, module_id, asignado_en) select $1, id, now() - interval '30 days' + random() * interval '1 day' from modules`,
    [patientId],
  );
  await q(
    `insert into patient_modules (patient_id, module_id)
     select p.id, m.id from patients p cross join modules m where p.id <> $1 and substring(m.titulo from 8)::int <= 5`,
    [patientId],
  );
  // The first DUAL exercises are also individual; every second of the first 2 × COMPLETED is completed.
  await q(
    `insert into patient_exercises (patient_id, exercise_id) select $1, id from exercises where substring(titulo from 11)::int <= $2`,
    [patientId, DUAL],
  );
  await q(
    `insert into exercise_completions (patient_id, exercise_id, completado_en, notas_paciente)
     select $1, id, now() - substring(titulo from 11)::int * interval '1 hour', 'Lo hice por la mañana; me ayudó a empezar el día con calma.'
     from exercises where substring(titulo from 11)::int <= $2 and substring(titulo from 11)::int % 2 = 0`,
    [patientId, COMPLETED * 2],
  );
}
