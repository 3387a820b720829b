// Benchmark of the patient area, as the patient calls it:
//   GET /api/v1/pacientes/paciente/dashboard      (totals, exercises on the list, the 5 latest sessions, next appointment)
//   GET /api/v1/sesiones/paciente/mis-sesiones    (every session: what a card shows and its badges)
// for a patient with 300 sessions seeded through the API (notes ~1 KB, topics, observations, a ~5 KB transcript on
// one in five, a published patient analysis of ~600 characters on one in three), 40 exercises on their list (20
// alone, 20 in two modules, 5 both ways), among 50 patients whose others have 50 sessions each (bulk INSERT).
// Same method as patients-list.mjs: statements counted through the proxy, then the app restarted on a direct
// connection, warm-up and sequential requests timed to the last byte.
// Usage: node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON bench/patient-area.mjs  (after `npx nx run backend:build`)
//   BENCH_SESSIONS=300 BENCH_PATIENTS=50 BENCH_SESSIONS_PER_PATIENT=50 BENCH_REQUESTS=500 BENCH_PORT=3412
import {
  call,
  inParallel,
  knob,
  latency,
  patientPayload,
  prose,
  report,
  seedPatients,
  seedSessionsSql,
  settle,
  startBench,
  statementsPerRequest,
  timed,
} from './lib.mjs';

const SESSIONS = knob('BENCH_SESSIONS', 300);
const PATIENTS = knob('BENCH_PATIENTS', 50);
const OTHERS_PER_PATIENT = knob('BENCH_SESSIONS_PER_PATIENT', 50);
const REQUESTS = knob('BENCH_REQUESTS', 500);
const WARMUP = 50;
const COUNTED = 100;
const EXERCISES = 40;
const BUDGET = { p95_ms: 20, statements: 3 };

const ctx = await startBench();
try {
  // The measured patient signs in (their own calls), so they are created through the API with a password.
  const created = await call(ctx, 'POST', '/pacientes/', patientPayload(PATIENTS));
  const login = await call(ctx, 'POST', '/auth/login/patient', { email: created.email, contrasenia: created.temporary_password }, {});
  const changed = await call(
    ctx,
    'POST',
    '/auth/change-password',
    { new_password: 'Area#Paciente2026' },
    { authorization: `Bearer ${login.access_token}` },
  );
  const patientCtx = { ...ctx, auth: { authorization: `Bearer ${changed.access_token}` } };
  const patientId = created.id;
  const next = new Date(Date.now() + 7 * 86400000).toISOString();
  await call(ctx, 'POST', '/citas', { paciente_id: patientId, inicio: next, duracion_minutos: 50, modalidad: 'presencial' });
  await seedPatients(ctx, PATIENTS - 1);
  await inParallel(SESSIONS, 4, (i) => call(ctx, 'POST', '/sesiones/', sessionPayload(patientId, i)));
  const others = await seedSessionsSql(ctx, OTHERS_PER_PATIENT, { except: [patientId] });
  await seedExercises(patientId);
  await settle(ctx);

  const dashboard = await call(patientCtx, 'GET', '/pacientes/paciente/dashboard');
  const sessions = await call(patientCtx, 'GET', '/sesiones/paciente/mis-sesiones');
  const published = sessions.filter((s) => s.tiene_analisis_ia_paciente).length;
  if (
    dashboard.total_sesiones !== SESSIONS ||
    dashboard.ejercicios_asignados !== EXERCISES ||
    dashboard.sesiones_recientes.length !== 5 ||
    dashboard.sesiones_recientes[0].numero_sesion !== SESSIONS ||
    dashboard.proxima_cita !== next ||
    sessions.length !== SESSIONS ||
    published !== Math.ceil(SESSIONS / 3)
  ) {
    throw new Error(`unexpected answers: ${JSON.stringify({ dashboard, sessions: sessions.length, published })}`);
  }

  const requests = {
    dashboard: () => timed(patientCtx, 'GET', '/pacientes/paciente/dashboard'),
    session_list: () => timed(patientCtx, 'GET', '/sesiones/paciente/mis-sesiones'),
  };
  const statements = {};
  for (const [name, request] of Object.entries(requests)) statements[name] = await statementsPerRequest(ctx, COUNTED, request);

  await ctx.restartDirect();
  const result = {
    date: new Date().toISOString(),
    requests: REQUESTS,
    sessions: SESSIONS,
    with_published_analysis: published,
    exercises: EXERCISES,
    other_sessions_in_table: others,
  };
  let within = true;
  for (const [name, request] of Object.entries(requests)) {
    const times = await latency(WARMUP, REQUESTS, request);
    result[name] = {
      ...times,
      sql_statements_per_request: statements[name],
      budget_p95_ms: BUDGET.p95_ms,
      budget_statements: BUDGET.statements,
    };
    within &&= times.p95_ms <= BUDGET.p95_ms && statements[name] <= BUDGET.statements;
  }
  result.within_budget = within;
  report('patient-area', result);
  process.exitCode = within ? 0 : 1;
} finally {
  await ctx.cleanup();
}

/** Session i + 1 of the patient: weekly, notes, topics, observations, a transcript on some, a published analysis on others. */
function sessionPayload(patientId, i) {
  const numero = i + 1;
  return {
    paciente_id: patientId,
    numero_sesion: numero,
    fecha: new Date(Date.UTC(2020, 0, 6, 15) + i * 7 * 86400000).toISOString(),
    duracion_minutos: 50,
    tipo_sesion: 'psicoterapia',
    num_voces: 2,
    notas: prose(1000, 100 + i),
    temas_importantes: prose(150, 5000 + i),
    observaciones: prose(200, 9000 + i),
    transcripcion: numero % 5 === 0 ? prose(5000, 20000 + i) : null,
    analisis_ia: i % 3 === 0 ? prose(1500, 30000 + i) : null,
    // Saved from the form, a patient version is published.
    analisis_ia_paciente: i % 3 === 0 ? prose(600, 40000 + i) : null,
  };
}

/** EXERCISES on the patient's list: half alone, half in two modules, 5 both ways (counted once). */
async function seedExercises(patientId) {
  const q = (text, values) => ctx.db.query(text, values);
  await q(
    `insert into exercises (id, therapist_id, titulo, fecha_creacion, fecha_actualizacion)
     select gen_random_uuid(), $1, format('Ejercicio %s', n), now(), now() from generate_series(1, $2::int) n`,
    [ctx.therapistId, EXERCISES],
  );
  await q(
    `insert into modules (id, therapist_id, titulo, fecha_creacion, fecha_actualizacion) select gen_random_uuid(), $1, format('Módulo %s', n), now(), now() from generate_series(1, 2) n`,
    [ctx.therapistId],
  );
  const half = EXERCISES / 2;
  await q(
    `insert into module_exercises (module_id, exercise_id, orden)
     select m.id, e.id, e.n from (select id, substring(titulo from 11)::int as n from exercises) e
     join (select id, substring(titulo from 8)::int as n from modules) m on m.n = (e.n - 1) / ($1 / 2) + 1 where e.n <= $1`,
    [half],
  );
  await q(`insert into patient_modules (patient_id, module_id) select $1, id from modules`, [patientId]);
  await q(
    `insert into patient_exercises (patient_id, exercise_id) select $1, id from exercises where substring(titulo from 11)::int > $2 - 5`,
    [patientId, half],
  );
}
