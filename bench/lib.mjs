// What the benchmarks share: a fresh database, the built app behind the statement-counting proxy (then on a
// direct connection for the timings), a signed-in therapist, seeding helpers, timed requests and the summary.
import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import pg from 'pg';
import { startCountingProxy } from './pg-counting-proxy.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A numeric knob from the environment. */
export const MiB = 1024 * 1024;

export const knob = (name, fallback) => Number(process.env[name] ?? fallback);

/** The Node options `npm start` gives the app (package.json's start script), so that a benchmark runs it the same way. */
export const appNodeOptions = (() => {
  const start = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;
  const options = /\bnode ((?:--\S+ )*)backend\/dist\/main\.js/.exec(start);
  if (!options) throw new Error(`package.json's start script does not run backend/dist/main.js: ${start}`);
  return options[1].split(' ').filter(Boolean);
})();

/**
 * Creates the database, starts the fake Google userinfo endpoint, the counting proxy and the built app (through
 * the proxy), creates the therapist with the CLI and signs in. `ctx.cleanup()` undoes all of it.
 */
export async function startBench({ therapist = 'bench.terapeuta@example.com' } = {}) {
  const server = new URL(process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const user = server.username || 'postgres';
  const pgPort = Number(server.port || 5432);
  // BENCH_DATABASE names a database a run kept (BENCH_KEEP_DB=1) to measure again without seeding (it is kept).
  const reused = process.env.BENCH_DATABASE;
  const database = reused ?? `consulta_bench_${process.pid}`;
  const port = knob('BENCH_PORT', 3290 + (process.pid % 100));
  const base = `http://127.0.0.1:${port}/api/v1`;

  const admin = new pg.Client({ connectionString: server.href });
  await admin.connect();
  if (!reused) await admin.query(`CREATE DATABASE ${database}`);

  const proxy = await startCountingProxy({ host: server.hostname, port: pgPort });
  const google = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ sub: 'bench', email: therapist, email_verified: true, name: 'Bench' }));
  });
  await new Promise((resolve) => google.listen(0, '127.0.0.1', resolve));

  const directUrl = `postgres://${user}@${server.hostname}:${pgPort}/${database}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATABASE_URL: `postgres://${user}@127.0.0.1:${proxy.port}/${database}`,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    GOOGLE_USERINFO_URL: `http://127.0.0.1:${google.address().port}/userinfo`,
    DEMO_LOGIN: 'false',
    // Production without an SMTP server: the mail the benchmarks cause stays in the outbox.
    MAIL_OUTBOX: 'true',
  };
  const startApp = (extra = {}) =>
    spawn(process.execPath, [...appNodeOptions, path.join(root, 'backend/dist/main.js')], {
      env: { ...env, ...extra },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  let app = startApp();
  /** A client of the bench database on a direct connection (seeding, VACUUM): the proxy counts none of it. */
  const db = new pg.Client({ connectionString: directUrl });

  const stopApp = async () => {
    app.kill();
    await new Promise((resolve) => (app.exitCode === null ? app.once('exit', resolve) : resolve()));
  };
  const waitFor = async (url, ms = 60000) => {
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
  };

  const ctx = {
    base,
    database,
    /** The bench database, on a direct connection (no counting proxy). */
    directUrl,
    db,
    proxy,
    auth: {},
    therapistId: null,
    /** The app again, connected straight to PostgreSQL: for the timings. */
    async restartDirect() {
      await stopApp();
      app = startApp({ DATABASE_URL: directUrl });
      await waitFor(`${base}/config`);
    },
    async cleanup() {
      await stopApp();
      await proxy.close();
      google.close();
      await db.end().catch(() => {});
      // BENCH_KEEP_DB=1 leaves the seeded database for EXPLAIN ANALYZE (drop it by hand afterwards).
      if (process.env.BENCH_KEEP_DB || reused) console.log(`kept database ${database}`);
      else await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    },
  };

  try {
    await waitFor(`${base}/config`);
    execFileSync(
      process.execPath,
      [path.join(root, 'backend/dist/cli.js'), 'create-therapist', '--email', therapist, '--name', 'Terapeuta Bench'],
      {
        env: { ...env, DATABASE_URL: directUrl },
        stdio: 'ignore',
      },
    );
    await db.connect();
    const login = await call(ctx, 'POST', '/auth/google-login', { token: 'bench', role: 'terapeuta' });
    ctx.auth = { authorization: `Bearer ${login.access_token}` };
    const [row] = (await db.query('select id::text as id from users where email = $1', [therapist])).rows;
    ctx.therapistId = row.id;
  } catch (error) {
    await ctx.cleanup();
    throw error;
  }
  return ctx;
}

/** One API call with fetch (seeding, checks): the JSON answer, or an error naming the status. */
export async function call(ctx, method, route, body, headers = ctx.auth) {
  const res = await fetch(`${ctx.base}${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${route} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** Runs `task(i)` for i in [0, count) on `workers` concurrent workers. */
export async function inParallel(count, workers, task) {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: workers }, worker));
}

/** `count` patients through the API (4 at a time); answers their ids in creation order. */
export async function seedPatients(ctx, count) {
  const ids = new Array(count);
  await inParallel(count, 4, async (i) => {
    ids[i] = (await call(ctx, 'POST', '/pacientes/', patientPayload(i))).id;
  });
  return ids;
}

export function patientPayload(i) {
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

/**
 * `perPatient` psychotherapy sessions for each of the therapist's patients (but `except`), in one bulk INSERT on
 * the direct connection: numbered 1..perPatient, weekly from 2024-01-08, 45 to 60 minutes, notes of a few hundred
 * characters picked from a set of generated ones. Answers the rows inserted.
 */
export async function seedSessionsSql(ctx, perPatient, { except = [], notes = texts(32, 300, 11) } = {}) {
  const { rowCount } = await ctx.db.query(
    `insert into sessions (id, patient_id, therapist_id, numero_sesion, fecha, duracion_minutos, tipo_sesion, num_voces,
       notas, temas_importantes, campos_datos, created_at, updated_at)
     select gen_random_uuid(), p.id, p.therapist_id, n,
       timestamptz '2024-01-08 15:00:00+00' + (n - 1) * interval '7 days', 45 + (n % 4) * 5, 'psicoterapia', 2,
       ($3::text[])[1 + ((hashtext(p.id::text)::bigint & 65535) + n) % cardinality($3::text[])],
       'Ansiedad; relación con el trabajo', '{}', now(), now()
     from patients p cross join generate_series(1, $2::int) n
     where p.therapist_id = $1 and not (p.id = any($4::uuid[]))`,
    [ctx.therapistId, perPatient, notes, except],
  );
  return rowCount;
}

/** Expected duration total of a patient seeded by seedSessionsSql. */
export const seededMinutes = (perPatient) =>
  Array.from({ length: perPatient }, (_, k) => 45 + ((k + 1) % 4) * 5).reduce((a, b) => a + b, 0);

/**
 * Steady state before measuring: the tables vacuumed and analysed (as autovacuum would leave them, instead of
 * autovacuum starting in the middle of the run) and the seed's burst of hashing over.
 */
export async function settle(ctx) {
  await ctx.db.query('VACUUM (ANALYZE)');
  await new Promise((resolve) => setTimeout(resolve, 2000));
}

const WORDS = (
  'la el de que en y a los se del las un por con no una su para es al lo como más pero sus le ya o fue este ha ' +
  'paciente sesión ansiedad trabajo madre padre pareja sueño duelo miedo tristeza enojo culpa límites cuerpo ' +
  'respiración emociones recuerdo infancia familia relación terapia semana conflicto duda decisión cambio ' +
  'refiere comenta expresa reconoce explora identifica describe trabajamos acordamos observamos notamos ' +
  'tranquilidad cansancio insomnio autoestima vínculo confianza proceso objetivo tarea ejercicio avance'
).split(' ');

/** A deterministic pseudo-random generator (mulberry32). */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Spanish-looking prose of about `length` characters (sentences of varied words, so it compresses like text). */
export function prose(length, seed) {
  const next = random(seed);
  const out = [];
  let size = 0;
  while (size < length) {
    const words = Array.from({ length: 6 + Math.floor(next() * 14) }, () => WORDS[Math.floor(next() * WORDS.length)]);
    const sentence = `${words[0][0].toUpperCase()}${words.join(' ').slice(1)}.`;
    out.push(sentence);
    size += sentence.length + 1;
  }
  return out.join(' ').slice(0, length);
}

/** `count` different texts of about `length` characters. */
export const texts = (count, length, seed) => Array.from({ length: count }, (_, i) => prose(length, seed * 1000 + i));

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * One request with node:http, timed to the last byte (the body is read and dropped). `body` is a string
 * serialized beforehand, so the client's JSON work is not in the timing. Answers milliseconds and bytes.
 */
export function timed(ctx, method, route, body) {
  const headers = { ...ctx.auth };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(body);
  }
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(`${ctx.base}${route}`, { method, headers, agent }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve({ ms: performance.now() - start, bytes })
          : reject(new Error(`${method} ${route} answered ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** SQL statements per request of `request(i)`, over `count` requests through the proxy. */
export async function statementsPerRequest(ctx, count, request) {
  const before = ctx.proxy.counter.statements;
  for (let i = 0; i < count; i++) await request(i);
  return (ctx.proxy.counter.statements - before) / count;
}

/** Busy and total CPU time of the whole machine so far (Linux /proc/stat), or null elsewhere. */
function cpuTimes() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
    const busy = user + nice + system + irq + softirq + steal;
    return { busy, total: busy + idle + iowait };
  } catch {
    return null;
  }
}

/**
 * `warmup` untimed, then `count` sequential timed requests: p50/p95/p99/mean in ms. Also how busy the machine's
 * CPUs were meanwhile (`machine_cpu_busy_pct`, all cores, this benchmark included: sequential requests keep about
 * one core busy between client, app and database, so much more than 100 / cores % means other work competed)
 * and the 1-minute load average before and after (it decays slowly, so it still counts the seeding).
 */
export async function latency(warmup, count, request) {
  for (let i = 0; i < warmup; i++) await request(i);
  const loadBefore = os.loadavg()[0];
  const cpuBefore = cpuTimes();
  const times = [];
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const r = await request(warmup + i);
    times.push(r.ms);
    bytes = r.bytes;
  }
  const cpuAfter = cpuTimes();
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
  return {
    p50_ms: round(pct(50)),
    p95_ms: round(pct(95)),
    p99_ms: round(pct(99)),
    mean_ms: round(times.reduce((a, b) => a + b, 0) / times.length),
    response_bytes: bytes,
    machine_cpu_busy_pct:
      cpuBefore && cpuAfter ? Math.round((100 * (cpuAfter.busy - cpuBefore.busy)) / (cpuAfter.total - cpuBefore.total)) : null,
    load_1m: [round(loadBefore), round(os.loadavg()[0])],
    cpus: os.cpus().length,
  };
}

/** The app's process: this process's child running backend/dist/main.js. */
export function appPid() {
  const children = readdirSync('/proc').filter((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    try {
      const statLine = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(statLine.slice(statLine.lastIndexOf(')') + 2).split(' ')[1]);
      return ppid === process.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('backend/dist/main.js');
    } catch {
      return false;
    }
  });
  if (children.length !== 1) throw new Error(`expected one app process, found ${children.length}`);
  return Number(children[0]);
}

/** Prints the summary and writes it to bench/results/<name>.json. */
export function report(name, result) {
  console.log(JSON.stringify(result, null, 2));
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, `bench/results/${name}.json`), JSON.stringify(result, null, 2));
}

export function round(ms) {
  return Math.round(ms * 100) / 100;
}

/** VmRSS and VmHWM (peak since the last reset) of `pid`, in bytes. */
export function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)[1]) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/**
 * The median of 10 samples over a second, once the server is idle; then the peak counter (VmHWM) is reset, and
 * `hwm` says whether it could be (else only the sampled peak counts).
 */
export async function baselineRss(pid) {
  await sleep(1000);
  const samples = [];
  for (let i = 0; i < 10; i++) {
    samples.push(memory(pid).rss);
    await sleep(100);
  }
  samples.sort((a, b) => a - b);
  let hwm = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current RSS (Linux >= 4.0)
  } catch {
    hwm = false;
  }
  return { rss: samples[5], hwm };
}

/** Samples the RSS every 100 ms until stop(): the sampled peak, VmHWM (when it was reset) and the sample count. */
export function watchRss(pid, baseline) {
  let peak = 0;
  let samples = 0;
  let gone = false;
  const take = () => {
    try {
      peak = Math.max(peak, memory(pid).rss);
      samples++;
    } catch {
      gone = true; // the server exited: stop() says so
      clearInterval(timer);
    }
  };
  const timer = setInterval(take, 100);
  timer.unref(); // a failed upload must not keep the benchmark alive
  take();
  return {
    stop() {
      clearInterval(timer);
      take();
      if (gone) throw new Error(`the app (pid ${pid}) exited during the upload`);
      return { peak, hwm: baseline.hwm ? memory(pid).hwm : null, samples };
    },
  };
}

/** Baseline, sampled peak, VmHWM and growth (from the higher of the two peaks), in MiB. */
export function rssFigures(baseline, watched) {
  const peak = Math.max(watched.peak, watched.hwm ?? 0);
  return {
    baseline_mib: round(baseline.rss / MiB),
    peak_sampled_mib: round(watched.peak / MiB),
    peak_hwm_mib: watched.hwm === null ? null : round(watched.hwm / MiB),
    growth_mib: round((peak - baseline.rss) / MiB),
    samples: watched.samples,
  };
}

export function mib(bytes) {
  return round(bytes / MiB);
}

export function seconds(since) {
  return ((performance.now() - since) / 1000).toFixed(1);
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** `bytes` of a stored file's stand-in (one random MiB repeated: what is measured stores files as they are). */
export async function writeStandIn(file, bytes) {
  mkdirSync(path.dirname(file), { recursive: true });
  const block = randomBytes(MiB);
  const handle = await open(file, 'w');
  try {
    for (let written = 0; written < bytes; written += MiB) await handle.write(block, 0, Math.min(MiB, bytes - written));
  } finally {
    await handle.close();
  }
}
