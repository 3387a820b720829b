// Benchmark of the search across a practice's sessions (GET /api/v1/busqueda/sesiones):
//   one therapist, BENCH_SESSIONS (5,000) sessions over BENCH_PATIENTS (100) patients (weekly, each patient on their
//   own weekday and hour), each with a BENCH_WORDS (10,000)-word transcript kept with its turns (10 to 60 words, two
//   speakers, their times), notes and topics, the words drawn from a Spanish-looking vocabulary of 50,000 with a
//   Zipf-like distribution (search-corpus.mjs); seeded with bulk INSERTs on the direct connection, then indexed by the
//   app's own sweep (`cli search:reindex`, timed), then VACUUM ANALYZE. The index's size (table, TOAST, GIN and
//   btrees), how many passages each class of words matches, and EXPLAIN ANALYZE of every statement of a search for a
//   rare, a medium, a frequent and a very common word go into the summary (the plans in
//   bench/results/search-plans.txt).
//   Timed over HTTP: one-word queries drawn across the frequencies (vocabulary ranks: rare 20,000-50,000; medium
//   300-3,000; frequent 40-300; common 1-40); three-word queries of words said together (three of one turn, none of
//   the 40 commonest); three words drawn apart (many find nothing; reported); 50 warm-up and BENCH_REQUESTS (500)
//   timed each, plus each one-word class apart.
//   Budget: p95 ≤ 50 ms for the one-word and for the three-word queries.
// Then the embedded mode (PGlite), at BENCH_PGLITE_SESSIONS (default 1,000; 0 skips it) of the same sessions over 10
//   patients of the demo therapist: seeded through PGlite opened by this process, indexed by `cli search:reindex`,
//   timed alike (reported, without a budget: see bench/README.md).
// Usage: node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON bench/search.mjs  (after `npx nx run backend:build`)
//   BENCH_SESSIONS=5000 BENCH_PATIENTS=100 BENCH_WORDS=10000 BENCH_REQUESTS=500 BENCH_PGLITE_SESSIONS=1000 BENCH_PORT=3421
//   BENCH_KEEP_DB=1 keeps the seeded database; BENCH_DATABASE=<its name> measures it again without seeding.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { normalizeWord } from '../libs/shared/src/search-terms.ts';
import { corpus, random, wordsBetween } from './search-corpus.mjs';
import {
  appNodeOptions,
  call,
  knob,
  latency,
  memory,
  mib,
  patientPayload,
  report,
  root,
  round,
  seedPatients,
  settle,
  sleep,
  startBench,
  timed,
} from './lib.mjs';

const require = createRequire(import.meta.url);
const { searchCandidates } = require(path.join(root, 'backend/dist/backend/src/search/search-candidates.js'));
const { RANKED_SQL } = require(path.join(root, 'backend/dist/backend/src/search/search.sql.js'));

const SESSIONS = knob('BENCH_SESSIONS', 5000);
const PATIENTS = knob('BENCH_PATIENTS', 100);
const WORDS = knob('BENCH_WORDS', 10_000);
const REQUESTS = knob('BENCH_REQUESTS', 500);
const PGLITE_SESSIONS = knob('BENCH_PGLITE_SESSIONS', 1000);
const PGLITE_PATIENTS = 10;
const WARMUP = 50;
const PER_CLASS = 200;
const BUDGET = { p95_ms: 50 };
/** Vocabulary ranks of each class of query words (in the summary: how many passages each matches). */
const CLASSES = { rare: [20_000, 50_000], medium: [300, 3000], frequent: [40, 300], common: [1, 40] };
/** Sessions per INSERT (a few MB of JSON each). */
const BATCH = 10;

const text = corpus({ words: WORDS });
const queryWords = Object.fromEntries(Object.entries(CLASSES).map(([name, [from, to]]) => [name, wordsBetween(text.vocab, from, to, 40)]));
const classNames = Object.keys(CLASSES);
const pick = random(99);
const oneWord = Array.from({ length: 400 }, (_, i) => {
  const words = queryWords[classNames[i % classNames.length]];
  return words[Math.floor(pick() * words.length)];
});
// Three words as a person would search them: three words said together, drawn from one turn of one of the first 400
// sessions (both modes hold those: each mode's corpus starts from the same seed), leaving out the 40 commonest.
const rankOf = new Map(text.vocab.map((word, r) => [word, r]));
const threeWords = togetherWords(corpus({ words: WORDS }), Math.min(400, SESSIONS, PGLITE_SESSIONS || SESSIONS));
// Three words drawn apart (many never meet in one passage, so many of these find nothing): reported, no budget.
const scatteredWords = Array.from({ length: 400 }, () =>
  Array.from({ length: 3 }, () => {
    const words = queryWords[classNames[Math.floor(pick() * classNames.length)]];
    return words[Math.floor(pick() * words.length)];
  }).join(' '),
);
const INSERT_SESSIONS = `insert into sessions (id, patient_id, therapist_id, numero_sesion, fecha, duracion_minutos, tipo_sesion, num_voces,
    notas, temas_importantes, transcripcion, transcripcion_segmentos, campos_datos, created_at, updated_at)
  select gen_random_uuid(), x.patient_id, $1::uuid, x.numero, x.fecha, 60, 'psicoterapia', 2, x.notas, x.temas, x.transcripcion,
    x.segmentos, '{}', now(), now()
  from jsonb_to_recordset($2::jsonb) as x(patient_id uuid, numero int, fecha timestamptz, notas text, temas text, transcripcion text, segmentos jsonb)`;
const route = (q) => `/busqueda/sesiones?q=${encodeURIComponent(q)}`;

const result = { date: new Date().toISOString(), sessions: SESSIONS, patients: PATIENTS, words_per_transcript: WORDS, requests: REQUESTS };
const plans = [];

const ctx = await startBench();
try {
  if (process.env.BENCH_DATABASE) {
    // A database a run kept, seeded and indexed alike: measured again as it is.
    await settle(ctx);
  } else {
    // Patients through the API; sessions straight into the table, weekly back from 2026-11-01, newest numbered highest.
    const patientIds = await seedPatients(ctx, PATIENTS);
    const start = performance.now();
    const perPatient = Math.ceil(SESSIONS / PATIENTS);
    let seeded = 0;
    for (let i = 0; i < SESSIONS; i += BATCH) {
      const rows = [];
      for (let k = i; k < Math.min(SESSIONS, i + BATCH); k++)
        rows.push(sessionRow(text, patientIds[k % PATIENTS], k % PATIENTS, Math.floor(k / PATIENTS), perPatient));
      seeded += (await ctx.db.query(INSERT_SESSIONS, [ctx.therapistId, JSON.stringify(rows)])).rowCount;
    }
    const [{ mb }] = (await ctx.db.query(`select round(pg_total_relation_size('sessions') / 1048576.0) as mb from sessions limit 1`)).rows;
    console.log(`seeded ${seeded} sessions (${mb} MiB) in ${seconds(start)} s`);

    // The app's own indexing: the sweep, as `npm run cli -- search:reindex` runs it.
    const indexing = await timedCli({ DATABASE_URL: ctx.directUrl }, ['search:reindex']);
    const [counts] = (
      await ctx.db.query(
        `select (select count(*) from session_search_passages)::int as passages, (select count(*) from session_search_state)::int as indexed`,
      )
    ).rows;
    if (counts.indexed !== SESSIONS) throw new Error(`indexed ${counts.indexed} sessions of ${SESSIONS}`);
    await settle(ctx);
    result.indexing = { ...indexing, sessions_per_s: round(SESSIONS / indexing.wall_s), passages: counts.passages };
  }
  result.index_size = await sizes(ctx.db);
  result.matching_passages = await frequencies(ctx.db);
  for (const [label, q] of [
    ['rare word', queryWords.rare[0]],
    ['medium word', queryWords.medium[0]],
    ['frequent word', queryWords.frequent[0]],
    ['very common word', queryWords.common[0]],
    ['three words, rare, medium and common', `${queryWords.rare[1]} ${queryWords.medium[1]} ${queryWords.common[1]}`],
    ['three very common words', queryWords.common.slice(2, 5).join(' ')],
  ]) {
    plans.push(await explain(ctx.db, label, q));
  }
  result.plans = plans.map(({ plan: _plan, ...summary }) => summary);

  await ctx.restartDirect();
  const sample = await call(ctx, 'GET', route(queryWords.medium[0]));
  if (sample.length === 0 || !sample.some((r) => r.campo === 'transcripcion' && typeof r.inicio_segundos === 'number')) {
    throw new Error(`a medium word found nothing in the transcripts: ${JSON.stringify(sample).slice(0, 300)}`);
  }
  result.one_word = await latency(WARMUP, REQUESTS, (i) => timed(ctx, 'GET', route(oneWord[i % oneWord.length])));
  result.three_words = await latency(WARMUP, REQUESTS, (i) => timed(ctx, 'GET', route(threeWords[i % threeWords.length])));
  result.three_words.found_something = await foundShare(ctx, threeWords);
  result.three_scattered_words = await latency(WARMUP, REQUESTS, (i) =>
    timed(ctx, 'GET', route(scatteredWords[i % scatteredWords.length])),
  );
  result.three_scattered_words.found_something = await foundShare(ctx, scatteredWords);
  result.one_word_by_class = {};
  for (const name of classNames) {
    const words = queryWords[name];
    const times = await latency(20, PER_CLASS, (i) => timed(ctx, 'GET', route(words[i % words.length])));
    result.one_word_by_class[name] = {
      p50_ms: times.p50_ms,
      p95_ms: times.p95_ms,
      p99_ms: times.p99_ms,
      response_bytes: times.response_bytes,
    };
  }
  result.budget = BUDGET;
  result.within_budget = result.one_word.p95_ms <= BUDGET.p95_ms && result.three_words.p95_ms <= BUDGET.p95_ms;
} finally {
  await ctx.cleanup();
}

if (PGLITE_SESSIONS > 0) result.embedded = await embeddedMode();
report('search', result); // creates bench/results
writeFileSync(path.join(root, 'bench/results/search-plans.txt'), plans.map((p) => `-- ${p.label}: ${p.q}\n${p.plan}\n`).join('\n'));
process.exitCode = result.within_budget ? 0 : 1;

/** The embedded mode: the same sessions at a smaller scale, in PGlite, searched through the app. */
async function embeddedMode() {
  const work = mkdtempSync(path.join(os.tmpdir(), 'consulta-bench-search-'));
  const env = { DATA_DIR: work, NODE_ENV: 'development', BACKUP_EVERY_HOURS: '0' };
  try {
    // A first start creates the cluster, migrates and seeds the demo; its therapist gets the patients.
    let app = await startEmbedded(env);
    const embedded = await demoTherapist(app);
    const patientIds = [];
    for (let i = 0; i < PGLITE_PATIENTS; i++) patientIds.push((await call(embedded, 'POST', '/pacientes/', patientPayload(1000 + i))).id);
    await app.stop();

    const { PGlite } = await import('@electric-sql/pglite');
    let db = new PGlite(path.join(work, 'pgdata'));
    const [{ id: therapistId }] = (await db.query(`select id::text as id from users where email = 'ana.martinez@demo.consulta.es'`)).rows;
    let start = performance.now();
    const perPatient = Math.ceil(PGLITE_SESSIONS / PGLITE_PATIENTS);
    const embeddedText = corpus({ words: WORDS });
    for (let i = 0; i < PGLITE_SESSIONS; i += BATCH) {
      const rows = [];
      for (let k = i; k < Math.min(PGLITE_SESSIONS, i + BATCH); k++) {
        rows.push(
          sessionRow(embeddedText, patientIds[k % PGLITE_PATIENTS], k % PGLITE_PATIENTS, Math.floor(k / PGLITE_PATIENTS), perPatient),
        );
      }
      await db.query(INSERT_SESSIONS, [therapistId, JSON.stringify(rows)]);
    }
    console.log(`embedded: seeded ${PGLITE_SESSIONS} sessions in ${seconds(start)} s`);
    await db.close();

    const indexing = await timedCli(env, ['search:reindex']);
    db = new PGlite(path.join(work, 'pgdata'));
    await db.exec('VACUUM (ANALYZE)');
    const size = await sizes(db);
    const embeddedPlans = [];
    for (const [label, q] of [
      ['rare word', queryWords.rare[0]],
      ['medium word', queryWords.medium[0]],
      ['frequent word', queryWords.frequent[0]],
      ['very common word', queryWords.common[0]],
    ]) {
      embeddedPlans.push(await explain(db, `embedded: ${label}`, q, therapistId));
    }
    plans.push(...embeddedPlans);
    const [{ passages }] = (await db.query(`select count(*)::int as passages from session_search_passages`)).rows;
    await db.close();

    app = await startEmbedded(env);
    const searchCtx = await demoTherapist(app);
    try {
      const oneTimes = await latency(WARMUP, REQUESTS, (i) => timed(searchCtx, 'GET', route(oneWord[i % oneWord.length])));
      const threeTimes = await latency(WARMUP, REQUESTS, (i) => timed(searchCtx, 'GET', route(threeWords[i % threeWords.length])));
      threeTimes.found_something = await foundShare(searchCtx, threeWords);
      return {
        sessions: PGLITE_SESSIONS,
        patients: PGLITE_PATIENTS,
        indexing: { ...indexing, sessions_per_s: round(PGLITE_SESSIONS / indexing.wall_s), passages },
        index_size: size,
        plans: embeddedPlans.map(({ plan: _plan, ...summary }) => summary),
        one_word: oneTimes,
        three_words: threeTimes,
      };
    } finally {
      await app.stop();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * A session row for INSERT_SESSIONS, the next of `sessions` (a corpus): the `week`-th of `perPatient` of its patient
 * (the `patient`-th), weekly back from 2026-11-01, on the patient's own weekday and hour (a practice's week, not
 * every session at one instant).
 */
function sessionRow(sessions, patientId, patient, week, perPatient) {
  const s = sessions.session();
  const at = Date.UTC(2026, 10, 1, 9 + (patient % 9)) - ((perPatient - 1 - week) * 7 + (patient % 5)) * 86400000;
  return {
    patient_id: patientId,
    numero: week + 1,
    fecha: new Date(at).toISOString(),
    notas: s.notas,
    temas: s.temas,
    transcripcion: s.transcripcion,
    segmentos: s.segments,
  };
}

/** One three-word query from each of the first `count` sessions of `sessions`: three distinct words of one turn. */
function togetherWords(sessions, count) {
  const draw = random(31);
  const out = [];
  for (let n = 0; n < count; n++) {
    const { segments } = sessions.session();
    let words = [];
    while (words.length < 3) {
      const turn = segments[Math.floor(draw() * segments.length)];
      words = [...new Set(turn.text.toLowerCase().replace(/\.$/, '').split(' '))].filter((w) => rankOf.get(w) >= 40);
    }
    const chosen = new Set();
    while (chosen.size < 3) chosen.add(words[Math.floor(draw() * words.length)]);
    out.push([...chosen].join(' '));
  }
  return out;
}

/** The share of `queries` (the first 40) that find something. */
async function foundShare(ctx, queries) {
  let found = 0;
  for (const q of queries.slice(0, 40)) if ((await call(ctx, 'GET', route(q))).length > 0) found++;
  return found / 40;
}

/** The index's size: the passages' table, its TOAST, each index; the state table; in MiB. */
async function sizes(db) {
  const [row] = (
    await db.query(`select pg_relation_size('session_search_passages') as heap,
      coalesce(pg_relation_size(nullif((select reltoastrelid from pg_class where relname = 'session_search_passages'), 0)), 0) as toast,
      pg_relation_size('session_search_passages_tsv_idx') as gin,
      pg_relation_size('session_search_passages_therapist_idx') as therapist_btree,
      pg_relation_size('session_search_passages_patient_idx') as patient_btree,
      pg_relation_size('session_search_passages_session_idx') as session_btree,
      pg_relation_size('session_search_passages_pkey') as pkey,
      pg_total_relation_size('session_search_passages') as total,
      pg_total_relation_size('session_search_state') as state,
      pg_total_relation_size('sessions') as sessions`)
  ).rows;
  const out = Object.fromEntries(Object.entries(row).map(([k, v]) => [`${k}_mib`, mib(Number(v))]));
  out.total_with_state_mib = round(out.total_mib + out.state_mib);
  return out;
}

/** How many passages each class's query words match (min, median, max), and of how many. */
async function frequencies(db) {
  const [{ total }] = (await db.query(`select count(*)::int as total from session_search_passages`)).rows;
  const out = { of_passages: total };
  for (const name of classNames) {
    const counts = [];
    for (const word of queryWords[name].slice(0, 10)) {
      const [{ n }] = (
        await db.query(`select count(*)::int as n from session_search_passages where tsv @@ to_tsquery('simple', $1)`, [termOf(word)])
      ).rows;
      counts.push(n);
    }
    counts.sort((a, b) => a - b);
    out[name] = { min: counts[0], median: counts[counts.length >> 1], max: counts.at(-1) };
  }
  return out;
}

/**
 * EXPLAIN ANALYZE of every statement the app runs for a practice-wide search of `q` (search-candidates.ts, then the
 * ranking), in order: each one's plan, its time, and its main nodes.
 */
async function explain(db, label, q, therapistId = ctx.therapistId) {
  const steps = [];
  const numbered = (sql) => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  };
  const rows = async (sql, params) => {
    const plan = (await db.query(`explain (analyze, buffers) ${numbered(sql)}`, params)).rows.map((r) => r['QUERY PLAN']).join('\n');
    const execution = /Execution Time: ([\d.]+) ms/.exec(plan);
    const nodes = plan
      .split('\n')
      .filter((line) => /Scan on|Scan using/.test(line))
      .map((line) =>
        line
          .trim()
          .replace(/^->\s+/, '')
          .replace(/\s+\(cost=.*?\)/, '')
          .replace(/ \(actual time=[\d.]+\.\.([\d.]+) rows=(\d+) loops=\d+\)/, ' ($2 rows, $1 ms)'),
      );
    steps.push({ plan, execution_ms: execution ? Number(execution[1]) : null, nodes: nodes.slice(0, 3) });
    return (await db.query(numbered(sql), params)).rows;
  };
  const scope = { sql: 'x.patient_id in (select id from patients where therapist_id = ?)', params: [therapistId] };
  const words = q.split(' ').map(termOf).join(' & ');
  const ids = await searchCandidates(rows, { therapistId, scope }, words);
  if (ids.length > 0) await rows(RANKED_SQL, [words, JSON.stringify(ids), 20]);
  return {
    label,
    q,
    candidates: ids.length,
    execution_ms: round(steps.reduce((sum, s) => sum + (s.execution_ms ?? 0), 0)),
    statements: steps.map(({ execution_ms, nodes }) => ({ execution_ms, nodes })),
    plan: steps.map((s, i) => `-- statement ${i + 1}\n${s.plan}`).join('\n'),
  };
}

/** A vocabulary word as the index holds it (they are single words). */
function termOf(word) {
  return normalizeWord(word);
}

/** The built app in the embedded mode (no DATABASE_URL: PGlite under DATA_DIR), as `npm start` runs it. */
async function startEmbedded(env) {
  const port = knob('BENCH_PORT', 3290 + (process.pid % 100)) + 1;
  const child = spawn(process.execPath, [...appNodeOptions, path.join(root, 'backend/dist/main.js')], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 120_000; ; await sleep(250)) {
    if (child.exitCode !== null) throw new Error('the embedded app exited during start-up');
    if (Date.now() > deadline) throw new Error('the embedded app did not start');
    try {
      if ((await fetch(`${url}/api/v1/config`)).ok) break;
    } catch {
      /* not listening yet */
    }
  }
  return {
    url,
    stop: async () => {
      child.kill();
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()));
    },
  };
}

/** The demo therapist of an embedded app, signed in: a context for call() and timed(). */
async function demoTherapist(app) {
  const base = `${app.url}/api/v1`;
  const login = await call({ base, auth: {} }, 'POST', '/auth/demo-login', { email: 'ana.martinez@demo.consulta.es' });
  return { base, auth: { authorization: `Bearer ${login.access_token}` } };
}

/** Runs the CLI; answers its wall time and peak RSS (VmHWM, read every 50 ms while it runs). */
async function timedCli(env, args) {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'backend/dist/cli.js'), ...args], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      MAIL_OUTBOX: 'true',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
      ...env,
    },
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
  return { wall_s: round((performance.now() - started) / 1000), peak_rss_mib: mib(peak) };
}

function seconds(since) {
  return ((performance.now() - since) / 1000).toFixed(1);
}
