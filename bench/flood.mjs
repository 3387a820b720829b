// Benchmark of the server under a flood of hostile bodies (issue "one anonymous request stalls everyone"): one
// keep-alive connection posts, back to back, JSON bodies just under 1 MB made of ~100,000 unknown keys to the
// public POST /auth/reset-password, while another connection times GET /config. Measured: the time, answer and
// server CPU of one such body alone (and of one GET /config); GET /config's latency without and then during the
// flood; what the flood got back. The server's CPU per request (from /proc) does not depend on what else the
// machine runs; the latencies do.
// Usage: node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON bench/flood.mjs  (after `npx nx run backend:build`)
//   BENCH_REQUESTS=500 BENCH_FLOOD_KEYS=100000 BENCH_PORT=3413
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { appPid, knob, latency, report, round, startBench, timed } from './lib.mjs';

const REQUESTS = knob('BENCH_REQUESTS', 500);
const KEYS = knob('BENCH_FLOOD_KEYS', 100_000);
const BUDGET = { p95_ms: 50 };
const ALONE = 100;

// Short distinct keys ("0", "1", ... in base 36), so 100,000 of them fit under the 1 MB body limit.
const body = JSON.stringify(Object.fromEntries(Array.from({ length: KEYS }, (_, i) => [i.toString(36), 0])));
const floodAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One hostile body on the flood's own connection: status (or 'reset'), answer size and time to the last byte. */
function hostile(ctx) {
  const start = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      `${ctx.base}/auth/reset-password`,
      { method: 'POST', agent: floodAgent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let bytes = 0;
        res.on('error', () => resolve({ status: 'reset', bytes, ms: performance.now() - start }));
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode, bytes, ms: performance.now() - start }));
      },
    );
    // A connection the server drops is part of the result, not the end of the flood.
    req.on('error', () => resolve({ status: 'reset', bytes: 0, ms: performance.now() - start }));
    req.end(body);
  });
}

/** CPU milliseconds (user and kernel) the app's process has used so far. */
const serverCpuMs = (pid) => {
  const statLine = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = statLine.slice(statLine.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ = 100
};

const ctx = await startBench();
try {
  await ctx.restartDirect();
  const config = () => timed({ ...ctx, auth: {} }, 'GET', '/config');
  const result = { date: new Date().toISOString(), requests: REQUESTS, body_bytes: Buffer.byteLength(body), body_keys: KEYS };

  const pid = appPid();

  // Hostile bodies alone (after a few, so the server is warm), as the review sent them.
  for (let i = 0; i < 20; i++) await hostile(ctx);
  const alone = [];
  let cpu = serverCpuMs(pid);
  for (let i = 0; i < ALONE; i++) alone.push(await hostile(ctx));
  const times = alone.map((r) => r.ms).sort((a, b) => a - b);
  result.one_body = {
    status: alone[alone.length - 1].status,
    answer_bytes: Math.max(...alone.map((r) => r.bytes)),
    median_ms: round(times[ALONE / 2]),
    max_ms: round(times[ALONE - 1]),
    server_cpu_ms: round((serverCpuMs(pid) - cpu) / ALONE),
  };

  for (let i = 0; i < 50; i++) await config();
  cpu = serverCpuMs(pid);
  result.config_quiet = { ...(await latency(0, REQUESTS, config)), server_cpu_ms: round((serverCpuMs(pid) - cpu) / REQUESTS) };

  // The flood: back to back on its own connection until the measurement ends.
  let flooding = true;
  const answered = { count: 0, statuses: {}, max_answer_bytes: 0, ms: 0 };
  const flood = (async () => {
    while (flooding) {
      const r = await hostile(ctx);
      answered.count++;
      answered.statuses[r.status] = (answered.statuses[r.status] ?? 0) + 1;
      answered.max_answer_bytes = Math.max(answered.max_answer_bytes, r.bytes);
      answered.ms += r.ms;
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const started = performance.now();
  // A pause of 0-10 ms before each request, so the samples do not fall into step with the flood's cycle.
  const paced = async () => {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 10));
    return config();
  };
  result.config_under_flood = await latency(0, REQUESTS, paced);
  const seconds = (performance.now() - started) / 1000;
  flooding = false;
  await flood;
  result.flood = {
    bodies: answered.count,
    bodies_per_s: round(answered.count / seconds),
    mb_per_s: round((answered.count * Buffer.byteLength(body)) / seconds / 1e6),
    mean_ms: round(answered.ms / answered.count),
    statuses: answered.statuses,
    max_answer_bytes: answered.max_answer_bytes,
  };
  result.budget_p95_ms = BUDGET.p95_ms;
  result.within_budget = result.config_under_flood.p95_ms <= BUDGET.p95_ms;
  report('flood', result);
  process.exitCode = result.within_budget ? 0 : 1;
} finally {
  floodAgent.destroy();
  await ctx.cleanup();
}
