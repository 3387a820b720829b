// Benchmark of file uploads in embedded mode (no S3_BUCKET: the local-disk driver under DATA_DIR):
//   a session video of BENCH_STORAGE_MB (2048 MiB; the design target is 10 GB) through the multipart path, exactly
//     as the browser sends it: initiate-multipart-upload, then for each 5 MiB part presigned-part-url and a PUT of
//     the bytes to the (root-relative) URL it answers, 4 parts in flight, each worker asking for its next part's URL
//     while the bytes of the current one go (as frontend/src/components/upload/MultipartUploader.ts does), then
//     complete-multipart-upload with the ETags;
//   the same PUTs to a bare Node HTTP server (bench/bare-part-server.mjs: node:http, no framework, each part written
//     at its offset of one file), timed alike: the reference of what the app's path costs over the work itself;
//   proxy-upload of BENCH_PROXY_MB (1024 MiB): one multipart form (custom_path, then the file) streamed from disk.
// Budgets: the app's multipart upload takes at most 1/0.9 of the bare server's time (`cp` of the same file on the same
// disk is reported for scale), and the server's RSS grows by at most 50 MiB during it; the proxy upload's RSS grows by
// at most 50 MiB.
// The source file (random bytes, each MiB stamped with its offset so that a misplaced part cannot go unnoticed) is
// written once next to DATA_DIR, on the same file system. `cp` is timed twice and the faster run counts; the bare
// server and the app take turns, BENCH_STORAGE_RUNS times each, and the faster run of each counts (the memory of
// every app run does). `cp` and the uploads are all timed until their file is on disk (fsync of the copy, of the
// stored file), so the page cache favours none (the times without the fsync are reported too). The server's RSS is
// read from /proc/{pid}/status every 100 ms, and its exact peak from VmHWM (reset through /proc/{pid}/clear_refs
// before each upload): the growth is the highest of the two over the whole upload, above the idle baseline before
// it. Before measuring, a small multipart upload to each server and a small proxy upload warm them up. Each stored
// file is compared byte for byte with the source.
// Usage: node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON bench/storage.mjs  (after `npx nx run backend:build`)
//   BENCH_STORAGE_MB=2048 BENCH_PROXY_MB=1024 BENCH_STORAGE_CONCURRENCY=4 BENCH_STORAGE_RUNS=2 BENCH_PORT=3412
//   BENCH_STORAGE_DIR=<a directory on the disk to measure; default bench/results> BENCH_PG=postgres://postgres@127.0.0.1:5432
//   BENCH_COLD_CACHE=1: empty the kernel's page cache (root) before each cp and before each timed upload, so all read
//     the source from the disk, as a 10 GB recording that is not in memory would be (the default compares with a cp
//     whose source is cached, which measures memory bandwidth rather than the disk).
import { execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { mkdir, open, rm, stat, truncate } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import {
  appPid,
  baselineRss,
  call,
  knob,
  MiB,
  mib,
  patientPayload,
  report,
  root,
  round,
  rssFigures,
  seconds,
  startBench,
  watchRss,
} from './lib.mjs';

const UPLOAD_BYTES = knob('BENCH_STORAGE_MB', 2048) * MiB;
const PROXY_BYTES = knob('BENCH_PROXY_MB', 1024) * MiB;
const CONCURRENCY = knob('BENCH_STORAGE_CONCURRENCY', 4);
const RUNS = knob('BENCH_STORAGE_RUNS', 2);
// The throughput is budgeted against the bare server, the same work without the app: what the app adds is what it can
// change. `cp` (the disk and the kernel's copy, no socket) is reported for scale; on a disk where it runs at page-cache
// speed even the bare server reaches a third of it.
const BUDGET = { rss_growth_mib: 50, throughput_vs_bare: 0.9 };
/** The part size the app answers (STORAGE_LIMITS.partSizeBytes), the bare server's too. */
const PART_BYTES = 5 * MiB;
const COLD_CACHE = process.env.BENCH_COLD_CACHE === '1';

/** Writes dirty pages out and drops the page cache (BENCH_COLD_CACHE=1; needs root). */
function coldCache() {
  if (COLD_CACHE) execFileSync('sh', ['-c', 'sync && echo 3 > /proc/sys/vm/drop_caches']);
}

// Embedded-mode storage: files under DATA_DIR, in a directory of this run only (removed at the end).
const work = path.join(path.resolve(process.env.BENCH_STORAGE_DIR ?? path.join(root, 'bench/results')), `storage-${process.pid}`);
const source = path.join(work, 'source.bin');
const dataDir = path.join(work, 'data');
for (const name of Object.keys(process.env)) if (name.startsWith('S3_')) delete process.env[name];
process.env.DATA_DIR = dataDir;

await mkdir(dataDir, { recursive: true });
let ctx = null;
let bare = null;
try {
  const sourceBytes = Math.max(UPLOAD_BYTES, PROXY_BYTES);
  let start = performance.now();
  await writeSource(source, sourceBytes);
  console.log(`wrote ${mib(sourceBytes)} MiB of random bytes to ${source} in ${seconds(start)} s`);

  // cp of the upload's size, twice; the faster run counts.
  const cpSource = UPLOAD_BYTES === sourceBytes ? source : path.join(work, 'cp-source.bin');
  if (cpSource !== source) await copyPrefix(source, cpSource, UPLOAD_BYTES);
  const cpRuns = [await timeCp(cpSource), await timeCp(cpSource)];
  const cp = cpRuns.reduce((a, b) => (b.synced_s < a.synced_s ? b : a));
  if (cpSource !== source) await rm(cpSource);
  console.log(`cp of ${mib(UPLOAD_BYTES)} MiB: ${cpRuns.map((r) => `${r.synced_s} s`).join(', ')} (with fsync)`);

  ctx = await startBench();
  const origin = new URL(ctx.base).origin;
  const patient = await call(ctx, 'POST', '/pacientes/', patientPayload(0));
  const customPath = `sesiones/${patient.id}`;
  // The measured server: on a direct database connection (the counting proxy is no part of this benchmark).
  await ctx.restartDirect();
  const pid = appPid();
  const app = appTarget(ctx, origin, customPath);
  bare = await startBareServer(path.join(work, 'bare.bin'));

  // Warm-up: what the first upload of each kind loads or allocates once.
  await multipartUpload(app, Math.min(UPLOAD_BYTES, 3 * PART_BYTES));
  await multipartUpload(bareTarget(bare), Math.min(UPLOAD_BYTES, 3 * PART_BYTES));
  await proxyUpload(ctx, Math.min(PROXY_BYTES, 8 * MiB), customPath);

  // The same PUTs to the bare server, then the app's multipart upload as a browser sends it, timed alike; in turns,
  // RUNS times each (on a shared machine one run can be unlucky): the faster run of each counts, the memory of all.
  const bareRuns = [];
  const appRuns = [];
  for (let run = 1; run <= RUNS; run++) {
    const reference = await timedUpload(bare.process.pid, bareTarget(bare));
    await truncate(bare.file, 0); // its blocks freed, as the app's deleted file's are
    bareRuns.push(reference);
    console.log(
      `bare Node server, run ${run}: ${reference.figures.wall_with_fsync_s} s, ${reference.figures.mib_per_s_with_fsync} MiB/s (machine ${reference.figures.cpu.machine_cpu_busy_pct} % busy)`,
    );
    const up = await timedUpload(pid, app);
    await call(ctx, 'DELETE', '/aws-s3/delete-file', { file_key: up.fileKey });
    appRuns.push(up);
    console.log(
      `app, run ${run}: ${up.figures.wall_with_fsync_s} s, ${up.figures.mib_per_s_with_fsync} MiB/s, RSS +${up.figures.rss.growth_mib} MiB (machine ${up.figures.cpu.machine_cpu_busy_pct} % busy)`,
    );
  }
  const fastest = (runs) => runs.reduce((a, b) => (b.synced_s < a.synced_s ? b : a));
  const [reference, up] = [fastest(bareRuns), fastest(appRuns)];
  const firstBaseline = appRuns[0].baseline;
  const growths = appRuns.map((r) => r.figures.rss.growth_mib);
  const upload = {
    ...up.figures,
    rss: appRuns[growths.indexOf(Math.max(...growths))].figures.rss,
    runs: appRuns.map(runSummary),
    bare_node_server: { ...reference.figures, runs: bareRuns.map(runSummary) },
    ratio_to_bare_node_server: round(reference.synced_s / up.synced_s),
    cp: {
      runs: cpRuns,
      best_s: cp.synced_s,
      mib_per_s: round(mib(UPLOAD_BYTES) / cp.synced_s),
      mib_per_s_without_fsync: round(mib(UPLOAD_BYTES) / cp.copy_s),
    },
    ratio_to_cp: round(cp.synced_s / up.synced_s),
    ratio_to_cp_without_fsync: round(cp.copy_s / up.answered_s),
    budget: { rss_growth_mib: BUDGET.rss_growth_mib, ratio_to_bare_node_server: BUDGET.throughput_vs_bare },
  };
  console.log(
    `multipart (faster run): ${upload.wall_with_fsync_s} s, ${upload.mib_per_s_with_fsync} MiB/s, ${upload.ratio_to_bare_node_server} of the bare server ` +
      `(${reference.figures.mib_per_s_with_fsync} MiB/s), ${upload.ratio_to_cp} of cp; RSS +${upload.rss.growth_mib} MiB at most`,
  );

  // proxy-upload: one streamed form, timed to its answer (no throughput budget: the figure is for information).
  const proxyBaseline = await baselineRss(pid);
  const rss = watchRss(pid, proxyBaseline);
  const cpu = cpuNow(pid);
  start = performance.now();
  const px = await proxyUpload(ctx, PROXY_BYTES, customPath);
  const proxyAnswered = performance.now();
  const pxRss = rss.stop();
  const pxCpu = cpuSince(cpu, cpuNow(pid));
  await verify(storedPath(px.file_key), PROXY_BYTES, px.size);
  await call(ctx, 'DELETE', '/aws-s3/delete-file', { file_key: px.file_key });

  const proxy = {
    bytes: PROXY_BYTES,
    mib: mib(PROXY_BYTES),
    wall_s: round((proxyAnswered - start) / 1000),
    mib_per_s: round(mib(PROXY_BYTES) / ((proxyAnswered - start) / 1000)),
    rss: {
      ...rssFigures(proxyBaseline, pxRss),
      growth_since_first_baseline_mib: round((Math.max(pxRss.peak, pxRss.hwm ?? 0) - firstBaseline.rss) / MiB),
    },
    cpu: pxCpu,
    budget: { rss_growth_mib: BUDGET.rss_growth_mib },
  };
  console.log(
    `proxy-upload: ${proxy.wall_s} s, ${proxy.mib_per_s} MiB/s, RSS +${proxy.rss.growth_mib} MiB (machine ${pxCpu.machine_cpu_busy_pct} % busy)`,
  );

  const result = {
    date: new Date().toISOString(),
    cache: COLD_CACHE ? 'cold: page cache emptied before each cp and before the upload' : 'warm: the source may be in the page cache',
    mode: 'embedded storage (local-disk driver, no S3_BUCKET); a PostgreSQL database created for the run and dropped after it',
    database: ctx.database,
    disk: { dir: work, filesystem: execFileSync('stat', ['-f', '-c', '%T', work], { encoding: 'utf8' }).trim() },
    multipart_upload: upload,
    proxy_upload: proxy,
    cpus: os.cpus().length,
    memory_gib: round(os.totalmem() / 1024 ** 3),
    load_1m: round(os.loadavg()[0]),
  };
  result.within_budget =
    upload.rss.growth_mib <= BUDGET.rss_growth_mib &&
    upload.ratio_to_bare_node_server >= BUDGET.throughput_vs_bare &&
    proxy.rss.growth_mib <= BUDGET.rss_growth_mib;
  report('storage', result);
  process.exitCode = result.within_budget ? 0 : 1;
} finally {
  bare?.process.kill();
  if (ctx) await ctx.cleanup();
  await rm(work, { recursive: true, force: true });
}

/**
 * One multipart upload of UPLOAD_BYTES to `target`, measured: from the first request until the stored file is
 * fsynced (and until the last answer), the server's (`pid`) RSS from an idle baseline (the peak over the whole
 * upload: sampled every 100 ms, and VmHWM), its CPU; the stored file is checked against the source.
 */
async function timedUpload(pid, target) {
  const baseline = await baselineRss(pid);
  const rss = watchRss(pid, baseline);
  const cpu = cpuNow(pid);
  coldCache();
  const start = performance.now();
  const up = await multipartUpload(target, UPLOAD_BYTES);
  const answered = performance.now();
  await fsyncFile(up.stored);
  const synced = performance.now();
  const watched = rss.stop();
  const used = cpuSince(cpu, cpuNow(pid));
  await verify(up.stored, UPLOAD_BYTES, up.size);
  if (up.part_size !== PART_BYTES) throw new Error(`parts of ${up.part_size} bytes, the reference's are ${PART_BYTES}`);
  const answered_s = (answered - start) / 1000;
  const synced_s = (synced - start) / 1000;
  const figures = {
    bytes: UPLOAD_BYTES,
    mib: mib(UPLOAD_BYTES),
    parts: up.parts,
    part_mib: up.part_size / MiB,
    concurrency: CONCURRENCY,
    wall_s: round(answered_s),
    wall_with_fsync_s: round(synced_s),
    mib_per_s: round(mib(UPLOAD_BYTES) / answered_s),
    mib_per_s_with_fsync: round(mib(UPLOAD_BYTES) / synced_s),
    rss: rssFigures(baseline, watched),
    requests_ms: up.timings,
    cpu: used,
  };
  return { fileKey: up.file_key, answered_s, synced_s, baseline, figures };
}

/** What the summary lists of each timed run. */
function runSummary(run) {
  const { wall_with_fsync_s, mib_per_s_with_fsync, rss, cpu } = run.figures;
  return {
    wall_with_fsync_s,
    mib_per_s_with_fsync,
    rss_growth_mib: rss.growth_mib,
    server_cpu_s: cpu.server_cpu_s,
    machine_cpu_busy_pct: cpu.machine_cpu_busy_pct,
  };
}

/** bench/bare-part-server.mjs in its own process, writing into `file`; answers once it listens. */
async function startBareServer(file) {
  const child = spawn(process.execPath, [path.join(root, 'bench/bare-part-server.mjs'), file, String(PART_BYTES)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const port = /^(\d+)$/m.exec(out);
      if (port) resolve(Number(port[1]));
    });
  });
  return { process: child, file, origin: `http://127.0.0.1:${port}` };
}

/** `bytes` of random data: one 8 MiB random block, each MiB stamped with its own offset; on disk when it returns. */
async function writeSource(file, bytes) {
  const block = randomBytes(8 * MiB);
  const fh = await open(file, 'w');
  try {
    for (let offset = 0; offset < bytes; offset += block.length) {
      const length = Math.min(block.length, bytes - offset);
      for (let m = 0; m < length; m += MiB) block.writeBigUInt64LE(BigInt(offset + m), m);
      for (let done = 0; done < length;) done += (await fh.write(block, done, length - done, offset + done)).bytesWritten;
    }
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/** The first `bytes` of `from` into `to` (when the upload is smaller than the source), on disk. */
async function copyPrefix(from, to, bytes) {
  await pipeline(createReadStream(from, { end: bytes - 1 }), createWriteStream(to));
  await fsyncFile(to);
}

/** One `cp` of `file` next to it: seconds until cp returns and until the copy is on disk; the copy is removed. */
async function timeCp(file) {
  const copy = path.join(work, 'copy.bin');
  coldCache();
  const start = performance.now();
  execFileSync('cp', ['--reflink=never', file, copy]);
  const copied = performance.now();
  await fsyncFile(copy);
  const synced = performance.now();
  await rm(copy);
  return { copy_s: round((copied - start) / 1000), synced_s: round((synced - start) / 1000) };
}

async function fsyncFile(file) {
  const fh = await open(file, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/** Where the local driver keeps an object (DATA_DIR/storage/objects/{key}). */
function storedPath(key) {
  return path.join(dataDir, 'storage', 'objects', key);
}

/** The stored object has the expected size and the source's bytes. */
async function verify(file, bytes, answeredSize) {
  const size = (await stat(file)).size;
  if (size !== bytes || answeredSize !== bytes) throw new Error(`${file}: ${size} bytes stored, ${answeredSize} answered, ${bytes} sent`);
  // Not execFileSync: the event loop must keep serving the keep-alive sockets the app may close meanwhile.
  await promisify(execFile)('cmp', ['-s', '-n', String(bytes), source, file]);
}

/**
 * The app's multipart calls, as the browser makes them: initiate; per part, presigned-part-url; complete with the
 * ETags. The part URLs are asked for on keep-alive connections with node:http (fetch costs the client about a
 * millisecond more a call, on the machine's two cores with the server).
 */
function appTarget(ctx, origin, customPath) {
  let init;
  let agent;
  return {
    async start(size) {
      init = await call(ctx, 'POST', '/aws-s3/initiate-multipart-upload', {
        file_name: 'sesion.mp4',
        content_type: 'video/mp4',
        file_size: size,
        custom_path: customPath,
      });
      agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
      return init.part_size;
    },
    async partUrl(partNumber) {
      const body = Buffer.from(JSON.stringify({ upload_id: init.upload_id, file_key: init.file_key, part_number: partNumber }));
      const headers = { ...ctx.auth, 'content-type': 'application/json', 'content-length': body.length };
      const res = await send(`${ctx.base}/aws-s3/presigned-part-url`, { method: 'POST', headers, agent }, body);
      if (res.status !== 200) throw new Error(`presigned-part-url answered ${res.status}: ${res.body}`);
      return new URL(JSON.parse(res.body).presigned_url, origin);
    },
    async finish(parts) {
      agent.destroy();
      const done = await call(ctx, 'POST', '/aws-s3/complete-multipart-upload', {
        upload_id: init.upload_id,
        file_key: init.file_key,
        parts,
      });
      if (!done.success || done.file_key !== init.file_key) throw new Error(`complete-multipart-upload answered ${JSON.stringify(done)}`);
      return { file_key: done.file_key, size: done.size, stored: storedPath(done.file_key) };
    },
  };
}

/** The bare reference server's PUTs (bench/bare-part-server.mjs): no URL to ask for, nothing to complete. */
function bareTarget(bare) {
  return {
    start: async () => PART_BYTES,
    partUrl: async (partNumber) => new URL(`/part/${partNumber}`, bare.origin),
    finish: async () => ({ file_key: null, size: (await stat(bare.file)).size, stored: bare.file }),
  };
}

/**
 * A multipart upload of the source's first `size` bytes to `target`: `concurrency` workers, each reading its next part
 * from the file into its own buffer, asking for the part's URL (the app; the bare server needs none) and PUTting the
 * bytes there; then the completion with the ETags.
 */
async function multipartUpload(target, size) {
  const partSize = await target.start(size);
  const count = Math.ceil(size / partSize);
  const parts = new Array(count);
  const timings = { read: [], urlWait: [], put: [] };
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const fh = await open(source, 'r');
  try {
    let next = 0;
    // Takes the next part and asks for its URL at once.
    const claim = () => {
      if (next >= count) return null;
      const i = next++;
      const url = target.partUrl(i + 1);
      url.catch(() => undefined); // awaited when the part is sent
      return { i, url };
    };
    const worker = async () => {
      const buffer = Buffer.allocUnsafe(partSize);
      let claimed = claim();
      while (claimed) {
        const { i } = claimed;
        const offset = i * partSize;
        const length = Math.min(partSize, size - offset);
        let t = performance.now();
        for (let done = 0; done < length;) done += (await fh.read(buffer, done, length - done, offset + done)).bytesRead;
        timings.read.push(performance.now() - t);
        t = performance.now();
        const url = await claimed.url;
        timings.urlWait.push(performance.now() - t);
        t = performance.now();
        const sending = send(url, { method: 'PUT', headers: { 'content-length': length }, agent }, buffer.subarray(0, length));
        // As the browser's uploader: the next part's URL is asked for while this part's bytes go.
        const upcoming = claim();
        const res = await sending;
        timings.put.push(performance.now() - t);
        if (res.status !== 200 || !res.headers.etag)
          throw new Error(`PUT part ${i + 1} answered ${res.status} ${res.headers.etag ?? '(no ETag)'}: ${res.body}`);
        parts[i] = { PartNumber: i + 1, ETag: res.headers.etag };
        claimed = upcoming;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } finally {
    await fh.close();
    agent.destroy();
  }
  const done = await target.finish(parts);
  const summary = (list) => {
    const sorted = [...list].sort((a, b) => a - b);
    return {
      mean: round(list.reduce((a, b) => a + b, 0) / list.length),
      p50: round(sorted[Math.floor(sorted.length / 2)]),
      max: round(sorted[sorted.length - 1]),
    };
  };
  return {
    ...done,
    parts: count,
    part_size: partSize,
    timings: { read_part: summary(timings.read), part_url_wait: summary(timings.urlWait), put_part: summary(timings.put) },
  };
}

/** proxy-upload of the source's first `size` bytes: a multipart form (custom_path, then file) streamed from disk. */
function proxyUpload(ctx, size, customPath) {
  const boundary = `----ConsultaBench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="custom_path"\r\n\r\n${customPath}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sesion.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = http.request(`${ctx.base}/aws-s3/proxy-upload`, {
      method: 'POST',
      headers: {
        ...ctx.auth,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + size + tail.length,
      },
    });
    req.on('response', (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        if (res.statusCode !== 200) return reject(new Error(`proxy-upload answered ${res.statusCode}: ${body}`));
        const json = JSON.parse(body);
        if (!json.success || json.error !== null) return reject(new Error(`proxy-upload answered ${body}`));
        resolve(json);
      });
    });
    req.on('error', reject);
    req.write(head);
    const file = createReadStream(source, { start: 0, end: size - 1, highWaterMark: MiB });
    file.on('error', reject);
    file.on('end', () => req.end(tail));
    file.pipe(req, { end: false });
  });
}

/** One request with a Buffer body: status, headers and the answer's text. */
function send(url, options, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, options, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** CPU seconds used so far by the server, by this process, and by the whole machine (busy, total). */
function cpuNow(pid) {
  const statLine = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = statLine.slice(statLine.lastIndexOf(')') + 2).split(' ');
  const tick = 100; // USER_HZ
  const [, ...machine] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = machine.map(Number);
  const own = process.cpuUsage();
  return {
    server_user: Number(fields[11]) / tick,
    server: (Number(fields[11]) + Number(fields[12])) / tick,
    bench: (own.user + own.system) / 1e6,
    busy: user + nice + system + irq + softirq + steal,
    total: user + nice + system + idle + iowait + irq + softirq + steal,
  };
}

/**
 * CPU use between two cpuNow() readings: seconds of the server (all, and in user space: the rest is the kernel's
 * socket and page-cache copies) and of the benchmark, and the machine's busy % (all cores, other work included).
 */
function cpuSince(before, after) {
  return {
    server_cpu_s: round(after.server - before.server),
    server_user_cpu_s: round(after.server_user - before.server_user),
    bench_cpu_s: round(after.bench - before.bench),
    machine_cpu_busy_pct: Math.round((100 * (after.busy - before.busy)) / (after.total - before.total)),
  };
}
