// Benchmarks of a patient's session history and of the draft auto-save:
//   GET /api/v1/sesiones/paciente/{id} for a patient with 300 sessions (notes of ~1 KB, topics, observations, and
//     a ~5 KB transcript on one session in five), seeded through the API;
//   PUT /api/v1/sesiones-asincronas/drafts/{id} as the auto-save sends it: `notas` changed to a new ~2 KB text
//     on every request, on a draft of that same patient.
// The other patients of the therapist get sessions too (bulk INSERT), so the patient's rows are a slice of a
// larger table. Same method as patients-list.mjs: SQL statements counted through the proxy, then the app
// restarted on a direct connection, warm-up and sequential requests timed to the last byte.
// Usage: node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON bench/sessions.mjs  (after `npx nx run backend:build`)
//   BENCH_SESSIONS=300 BENCH_PATIENTS=50 BENCH_SESSIONS_PER_PATIENT=50 BENCH_TRANSCRIPT_EVERY=5
//   BENCH_TRANSCRIPT_CHARS=5000 BENCH_REQUESTS=500 BENCH_PORT=3412
//   BENCH_PG=postgres://postgres@127.0.0.1:5432
import { performance } from 'node:perf_hooks';
import {
  call,
  inParallel,
  knob,
  latency,
  prose,
  report,
  seedPatients,
  seedSessionsSql,
  settle,
  startBench,
  statementsPerRequest,
  texts,
  timed,
} from './lib.mjs';

const SESSIONS = knob('BENCH_SESSIONS', 300);
const PATIENTS = knob('BENCH_PATIENTS', 50);
const OTHERS_PER_PATIENT = knob('BENCH_SESSIONS_PER_PATIENT', 50);
const REQUESTS = knob('BENCH_REQUESTS', 500);
const WARMUP = 50;
const COUNTED = 100;
/** One session in TRANSCRIPT_EVERY has a transcript of TRANSCRIPT_CHARS characters (0: none has). */
const TRANSCRIPT_EVERY = knob('BENCH_TRANSCRIPT_EVERY', 5);
const TRANSCRIPT_CHARS = knob('BENCH_TRANSCRIPT_CHARS', 5000);
const TRANSCRIPTS = TRANSCRIPT_EVERY > 0 ? Math.floor(SESSIONS / TRANSCRIPT_EVERY) : 0;
const BUDGET = { list_p95_ms: 20, draft_put_p95_ms: 15 };

const ctx = await startBench();
try {
  let start = performance.now();
  const [patientId] = await seedPatients(ctx, PATIENTS);
  console.log(`seeded ${PATIENTS} patients through the API in ${seconds(start)} s`);

  start = performance.now();
  await inParallel(SESSIONS, 4, (i) => call(ctx, 'POST', '/sesiones/', sessionPayload(patientId, i)));
  const others = await seedSessionsSql(ctx, OTHERS_PER_PATIENT, { except: [patientId] });
  console.log(
    `seeded ${SESSIONS} sessions of the patient through the API and ${others} of the others with one INSERT in ${seconds(start)} s`,
  );

  const draft = await call(ctx, 'POST', '/sesiones-asincronas/drafts', {
    paciente_id: patientId,
    titulo: 'Sesión en curso',
    tipo_sesion: 'psicoterapia',
    duracion_minutos: 50,
    temas_importantes: prose(200, 7),
    notas: prose(2000, 8),
  });
  await settle(ctx);

  const listed = await call(ctx, 'GET', `/sesiones/paciente/${patientId}`);
  const transcripts = listed.filter((s) => s.tiene_transcripcion).length;
  if (listed.length !== SESSIONS || listed[0].numero_sesion !== SESSIONS || transcripts !== TRANSCRIPTS) {
    throw new Error(`expected ${SESSIONS} sessions newest first, ${TRANSCRIPTS} with a transcript; got ${listed.length} (${transcripts})`);
  }
  if (draft.numero_sesion_siguiente !== SESSIONS + 1) throw new Error(`draft: next number ${draft.numero_sesion_siguiente}`);

  // The auto-save: a new ~2 KB text each time (64 different ones, consecutive saves always differ).
  const notes = texts(64, 2000, 3).map((notas) => JSON.stringify({ notas }));
  const list = () => timed(ctx, 'GET', `/sesiones/paciente/${patientId}`);
  const save = (i) => timed(ctx, 'PUT', `/sesiones-asincronas/drafts/${draft.id}`, notes[i % notes.length]);

  const listStatements = await statementsPerRequest(ctx, COUNTED, list);
  const saveStatements = await statementsPerRequest(ctx, COUNTED, save);
  const saved = await call(ctx, 'GET', `/sesiones-asincronas/drafts/${draft.id}`);
  if (saved.notas !== JSON.parse(notes[(COUNTED - 1) % notes.length]).notas)
    throw new Error('the draft does not hold the last saved notes');

  await ctx.restartDirect();
  const listTimes = await latency(WARMUP, REQUESTS, list);
  const saveTimes = await latency(WARMUP, REQUESTS, save);

  const result = {
    date: new Date().toISOString(),
    requests: REQUESTS,
    session_list: {
      sessions: SESSIONS,
      with_transcript: transcripts,
      transcript_chars: TRANSCRIPTS > 0 ? TRANSCRIPT_CHARS : 0,
      ...listTimes,
      sql_statements_per_request: listStatements,
      budget_p95_ms: BUDGET.list_p95_ms,
    },
    draft_put: {
      notas_chars: 2000,
      ...saveTimes,
      sql_statements_per_request: saveStatements,
      budget_p95_ms: BUDGET.draft_put_p95_ms,
    },
    other_sessions_in_table: others,
  };
  result.within_budget = listTimes.p95_ms <= BUDGET.list_p95_ms && saveTimes.p95_ms <= BUDGET.draft_put_p95_ms;
  report('sessions', result);
  process.exitCode = result.within_budget ? 0 : 1;
} finally {
  await ctx.cleanup();
}

/** Session number i + 1 of the patient: weekly, ~1 KB of notes, topics, observations, a transcript on some. */
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
    transcripcion: TRANSCRIPT_EVERY > 0 && numero % TRANSCRIPT_EVERY === 0 ? prose(TRANSCRIPT_CHARS, 20000 + i) : null,
  };
}

function seconds(since) {
  return ((performance.now() - since) / 1000).toFixed(1);
}
