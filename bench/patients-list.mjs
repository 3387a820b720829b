// Benchmark of GET /api/v1/pacientes/ for a therapist with 1,000 patients.
// Starts the built app on a fresh PostgreSQL database behind a statement-counting proxy, seeds the patients
// through the API and counts the SQL statements per request; then restarts the app connected straight to
// PostgreSQL (the proxy is measuring apparatus, not part of the system) and measures latency (p50/p95/p99).
// Usage: npm run bench  (after `npx nx run-many -t build -p backend frontend`)
//   BENCH_PATIENTS=1000 BENCH_REQUESTS=500 BENCH_PG=postgres://postgres@127.0.0.1:5432
import { spawn, execFileSync } from 'node:child_process';
import http from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import pg from 'pg';
import { startCountingProxy } from './pg-counting-proxy.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 1000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const WARMUP = 50;
/** Requests whose SQL statements are counted (through the proxy, before the latency run). */
const COUNTED = 100;
const PG = new URL(process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const DB = `consulta_bench_${process.pid}`;
const PORT = 3290 + (process.pid % 100);
const base = `http://127.0.0.1:${PORT}/api/v1`;
const THERAPIST = 'bench.terapeuta@example.com';
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

const admin = new pg.Client({ connectionString: PG.href });
await admin.connect();
await admin.query(`CREATE DATABASE ${DB}`);

const proxy = await startCountingProxy({ host: PG.hostname, port: Number(PG.port || 5432) });
const google = http.createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ sub: 'bench', email: THERAPIST, email_verified: true, name: 'Bench' }));
});
await new Promise((resolve) => google.listen(0, '127.0.0.1', resolve));

const directUrl = `postgres://${PG.username || 'postgres'}@${PG.hostname}:${PG.port || 5432}/${DB}`;
const env = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(PORT),
  DATABASE_URL: `postgres://${PG.username || 'postgres'}@127.0.0.1:${proxy.port}/${DB}`,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
  GOOGLE_USERINFO_URL: `http://127.0.0.1:${google.address().port}/userinfo`,
  DEMO_LOGIN: 'false',
};
const startApp = (extra = {}) =>
  spawn(process.execPath, [path.join(root, 'backend/dist/main.js')], { env: { ...env, ...extra }, stdio: ['ignore', 'ignore', 'inherit'] });
const stopApp = async () => {
  app.kill();
  await new Promise((resolve) => (app.exitCode === null ? app.once('exit', resolve) : resolve()));
};
let app = startApp();

async function cleanup() {
  await stopApp();
  await proxy.close();
  google.close();
  await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await admin.end();
}

try {
  await waitFor(`${base}/config`);
  execFileSync(process.execPath, [path.join(root, 'backend/dist/cli.js'), 'create-therapist', '--email', THERAPIST, '--name', 'Terapeuta Bench'], {
    env: { ...env, DATABASE_URL: `${PG.protocol}//${PG.username || 'postgres'}@${PG.host}/${DB}` },
    stdio: 'ignore',
  });
  const login = await call('POST', '/auth/google-login', { token: 'bench', role: 'terapeuta' });
  const auth = { authorization: `Bearer ${login.access_token}` };

  const seedStart = performance.now();
  await seed(auth);
  console.log(`seeded ${PATIENTS} patients in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  await settle();

  const check = await fetch(`${base}/pacientes/`, { headers: auth }).then((r) => r.json());
  if (check.length !== PATIENTS) throw new Error(`expected ${PATIENTS} patients, got ${check.length}`);

  const before = proxy.counter.statements;
  for (let i = 0; i < COUNTED; i++) await timedGet(auth);
  const statements = (proxy.counter.statements - before) / COUNTED;

  await stopApp();
  app = startApp({ DATABASE_URL: directUrl });
  await waitFor(`${base}/config`);
  for (let i = 0; i < WARMUP; i++) await timedGet(auth);
  const times = [];
  for (let i = 0; i < REQUESTS; i++) times.push(await timedGet(auth));

  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
  const result = {
    date: new Date().toISOString(),
    patients: PATIENTS,
    requests: REQUESTS,
    p50_ms: round(pct(50)),
    p95_ms: round(pct(95)),
    p99_ms: round(pct(99)),
    mean_ms: round(times.reduce((a, b) => a + b, 0) / times.length),
    sql_statements_per_request: statements,
    budget: { p95_ms: 25, sql_statements_per_request: 2 },
  };
  result.within_budget = result.p95_ms <= 25 && statements <= 2;
  console.log(JSON.stringify(result, null, 2));
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/patients-list.json'), JSON.stringify(result, null, 2));
  process.exitCode = result.within_budget ? 0 : 1;
} finally {
  await cleanup();
}

/**
 * Steady state before measuring: the tables vacuumed and analysed (as autovacuum would leave them, instead of
 * autovacuum starting in the middle of the run) and the seed's burst of hashing over. Direct connection, so the
 * proxy counts nothing of it.
 */
async function settle() {
  const db = new pg.Client({ connectionString: new URL(`/${DB}`, PG).href });
  await db.connect();
  await db.query('VACUUM (ANALYZE)');
  await db.end();
  await new Promise((resolve) => setTimeout(resolve, 2000));
}

async function seed(auth) {
  let next = 0;
  const worker = async () => {
    while (next < PATIENTS) {
      const i = next++;
      await call('POST', '/pacientes/', patientPayload(i), auth);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

function patientPayload(i) {
  const names = ['Lucía', 'Mateo', 'Valentina', 'Santiago', 'Camila', 'Sebastián', 'Isabella', 'Nicolás'];
  const surnames = ['García', 'Rodríguez', 'Martínez', 'López', 'Hernández', 'Gómez', 'Díaz', 'Torres'];
  return {
    email: `paciente${i}@bench.example.com`,
    telefono_paciente: `+57300${String(1000000 + i)}`,
    nombre: names[i % names.length],
    apellido: `${surnames[(i >> 3) % surnames.length]} ${surnames[i % surnames.length]}`,
    edad: 18 + (i % 60),
    estado_civil: 'soltero',
    profesion_ocupacion: 'Docente',
    nivel_escolaridad: 'licenciatura',
    ha_hecho_terapia: i % 2 === 0,
    ha_hecho_psicodelicos: null,
    ha_hecho_constelaciones: false,
    propuesta_terapia: 'Manejo de la ansiedad y del estrés laboral.',
    tipo_servicio: null,
    telefono: `300${String(1000000 + i)}`,
    whatsapp_mensajeria_consentimiento: true,
    fecha_nacimiento: null,
    fecha_ingreso: '2026-01-15',
    estado_terapia: 'activo',
    notas_terapeuticas: null,
    objetivos_terapia: null,
    plan_tratamiento: null,
  };
}

/** Time to the last byte of one GET /pacientes/ (node:http, the body is read and dropped). */
function timedGet(auth) {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(`${base}/pacientes/`, { headers: auth, agent }, (res) => {
        res.on('data', () => {});
        res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - start) : reject(new Error(`GET /pacientes/ answered ${res.statusCode}`))));
      })
      .on('error', reject);
  });
}

async function call(method, route, body, headers = {}) {
  const res = await fetch(`${base}${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${route} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

async function waitFor(url, ms = 60000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error('the app exited during start-up');
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

function round(ms) {
  return Math.round(ms * 100) / 100;
}
