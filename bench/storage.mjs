// Benchmark of file uploads in embedded mode (no S3_BUCKET: the local-disk driver under DATA_DIR):
//   a session video of BENCH_STORAGE_MB (2048 MiB; the design target is 10 GB) through the multipart path, exactly
//     as the browser sends it: initiate-multipart-upload, then for each 5 MiB part presigned-part-url and a PUT of
//     the bytes to the (root-relative) URL it answers, 4 parts in flight, then complete-multipart-upload with the
//     ETags. Budgets: the server's RSS grows by at most 50 MiB, and the throughput is at least 80 % of `cp` of the
//     same file on the same disk;
//   proxy-upload of BENCH_PROXY_MB (1024 MiB): one multipart form (custom_path, then the file) streamed from disk.
//     Budget: the server's RSS grows by at most 50 MiB.
// The source file (random bytes, each MiB stamped with its offset so that a misplaced part cannot go unnoticed) is
// written once next to DATA_DIR, on the same file system. `cp` is timed twice and the faster run counts; `cp` and
// the upload are both timed until their file is on disk (fsync of the copy, of the stored object), so the page
// cache favours neither (the times without the fsync are reported too). The server's RSS is read from
// /proc/{pid}/status every 100 ms, and its exact peak from VmHWM (reset through /proc/{pid}/clear_refs before each
// upload). Before measuring, a small multipart and a small proxy upload warm the server up. Each stored file is
// compared byte for byte with the source.
// Usage: node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON bench/storage.mjs  (after `npx nx run backend:build`)
//   BENCH_STORAGE_MB=2048 BENCH_PROXY_MB=1024 BENCH_STORAGE_CONCURRENCY=4 BENCH_PORT=3412
//   BENCH_STORAGE_DIR=<a directory on the disk to measure; default bench/results> BENCH_PG=postgres://postgres@127.0.0.1:5432
//   BENCH_COLD_CACHE=1: empty the kernel's page cache (root) before each cp and before the timed upload, so both read
//     the source from the disk, as a 10 GB recording that is not in memory would be (the default compares with a cp
//     whose source is cached, which measures memory bandwidth rather than the disk).
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { appPid, baselineRss, call, knob, MiB, mib, patientPayload, report, root, round, rssFigures, seconds, startBench, watchRss } from './lib.mjs';

const UPLOAD_BYTES = knob('BENCH_STORAGE_MB', 2048) * MiB;
const PROXY_BYTES = knob('BENCH_PROXY_MB', 1024) * MiB;
const CONCURRENCY = knob('BENCH_STORAGE_CONCURRENCY', 4);
const BUDGET = { rss_growth_mib: 50, throughput_vs_cp: 0.8 };
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

  // Warm-up: what the first upload of each kind loads or allocates once.
  await multipartUpload(ctx, origin, Math.min(UPLOAD_BYTES, 3 * 5 * MiB), customPath);
  await proxyUpload(ctx, Math.min(PROXY_BYTES, 8 * MiB), customPath);

  // The multipart upload, as a browser sends it.
  const firstBaseline = await baselineRss(pid);
  let rss = watchRss(pid, firstBaseline);
  let cpu = cpuNow(pid);
  coldCache();
  start = performance.now();
  const up = await multipartUpload(ctx, origin, UPLOAD_BYTES, customPath);
  const answered = performance.now();
  await fsyncFile(up.stored);
  const synced = performance.now();
  const upRss = rss.stop();
  const upCpu = cpuSince(cpu, cpuNow(pid));
  await verify(up.stored, UPLOAD_BYTES, up.size);
  await call(ctx, 'DELETE', '/aws-s3/delete-file', { file_key: up.file_key });

  const upload = {
    bytes: UPLOAD_BYTES,
    mib: mib(UPLOAD_BYTES),
    parts: up.parts,
    part_mib: up.part_size / MiB,
    concurrency: CONCURRENCY,
    wall_s: round((answered - start) / 1000),
    wall_with_fsync_s: round((synced - start) / 1000),
    mib_per_s: round(mib(UPLOAD_BYTES) / ((answered - start) / 1000)),
    mib_per_s_with_fsync: round(mib(UPLOAD_BYTES) / ((synced - start) / 1000)),
    cp: { runs: cpRuns, best_s: cp.synced_s, mib_per_s: round(mib(UPLOAD_BYTES) / cp.synced_s), mib_per_s_without_fsync: round(mib(UPLOAD_BYTES) / cp.copy_s) },
    ratio_to_cp: round(cp.synced_s / ((synced - start) / 1000)),
    ratio_to_cp_without_fsync: round(cp.copy_s / ((answered - start) / 1000)),
    rss: rssFigures(firstBaseline, upRss),
    requests_ms: up.timings,
    cpu: upCpu,
    budget: { rss_growth_mib: BUDGET.rss_growth_mib, ratio_to_cp: BUDGET.throughput_vs_cp },
  };
  console.log(
    `multipart: ${upload.wall_with_fsync_s} s, ${upload.mib_per_s_with_fsync} MiB/s, ${upload.ratio_to_cp} of cp, RSS +${upload.rss.growth_mib} MiB ` +
      `(machine ${upCpu.machine_cpu_busy_pct} % busy)`,
  );

  // proxy-upload: one streamed form, timed to its answer (no throughput budget: the figure is for information).
  const proxyBaseline = await baselineRss(pid);
  rss = watchRss(pid, proxyBaseline);
  cpu = cpuNow(pid);
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
    rss: { ...rssFigures(proxyBaseline, pxRss), growth_since_first_baseline_mib: round((Math.max(pxRss.peak, pxRss.hwm ?? 0) - firstBaseline.rss) / MiB) },
    cpu: pxCpu,
    budget: { rss_growth_mib: BUDGET.rss_growth_mib },
  };
  console.log(`proxy-upload: ${proxy.wall_s} s, ${proxy.mib_per_s} MiB/s, RSS +${proxy.rss.growth_mib} MiB (machine ${pxCpu.machine_cpu_busy_pct} % busy)`);

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
    upload.rss.growth_mib <= BUDGET.rss_growth_mib && upload.ratio_to_cp >= BUDGET.throughput_vs_cp && proxy.rss.growth_mib <= BUDGET.rss_growth_mib;
  report('storage', result);
  process.exitCode = result.within_budget ? 0 : 1;
} finally {
  if (ctx) await ctx.cleanup();
  await rm(work, { recursive: true, force: true });
}

/** `bytes` of random data: one 8 MiB random block, each MiB stamped with its own offset; on disk when it returns. */
async function writeSource(file, bytes) {
  const block = randomBytes(8 * MiB);
  const fh = await open(file, 'w');
  try {
    for (let offset = 0; offset < bytes; offset += block.length) {
      const length = Math.min(block.length, bytes - offset);
      for (let m = 0; m < length; m += MiB) block.writeBigUInt64LE(BigInt(offset + m), m);
      for (let done = 0; done < length; ) done += (await fh.write(block, done, length - done, offset + done)).bytesWritten;
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
 * The multipart path as the browser takes it: `concurrency` workers, each reading its next part from the file into
 * its own buffer, asking for the part's URL and PUTting the bytes there; then the completion with the ETags.
 */
async function multipartUpload(ctx, origin, size, customPath) {
  const init = await call(ctx, 'POST', '/aws-s3/initiate-multipart-upload', {
    file_name: 'sesion.mp4',
    content_type: 'video/mp4',
    file_size: size,
    custom_path: customPath,
  });
  const partSize = init.part_size;
  const count = Math.ceil(size / partSize);
  const parts = new Array(count);
  const timings = { read: [], presign: [], put: [] };
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const fh = await open(source, 'r');
  try {
    let next = 0;
    const worker = async () => {
      const buffer = Buffer.allocUnsafe(partSize);
      while (next < count) {
        const i = next++;
        const offset = i * partSize;
        const length = Math.min(partSize, size - offset);
        let t = performance.now();
        for (let done = 0; done < length; ) done += (await fh.read(buffer, done, length - done, offset + done)).bytesRead;
        timings.read.push(performance.now() - t);
        t = performance.now();
        const { presigned_url } = await call(ctx, 'POST', '/aws-s3/presigned-part-url', { upload_id: init.upload_id, file_key: init.file_key, part_number: i + 1 });
        timings.presign.push(performance.now() - t);
        t = performance.now();
        const res = await send(new URL(presigned_url, origin), { method: 'PUT', headers: { 'content-length': length }, agent }, buffer.subarray(0, length));
        timings.put.push(performance.now() - t);
        if (res.status !== 200 || !res.headers.etag) throw new Error(`PUT part ${i + 1} answered ${res.status} ${res.headers.etag ?? '(no ETag)'}: ${res.body}`);
        parts[i] = { PartNumber: i + 1, ETag: res.headers.etag };
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } finally {
    await fh.close();
    agent.destroy();
  }
  const done = await call(ctx, 'POST', '/aws-s3/complete-multipart-upload', { upload_id: init.upload_id, file_key: init.file_key, parts });
  if (!done.success || done.file_key !== init.file_key) throw new Error(`complete-multipart-upload answered ${JSON.stringify(done)}`);
  const summary = (list) => {
    const sorted = [...list].sort((a, b) => a - b);
    return { mean: round(list.reduce((a, b) => a + b, 0) / list.length), p50: round(sorted[Math.floor(sorted.length / 2)]), max: round(sorted[sorted.length - 1]) };
  };
  return {
    file_key: done.file_key,
    size: done.size,
    parts: count,
    part_size: partSize,
    stored: storedPath(done.file_key),
    timings: { read_part: summary(timings.read), presigned_part_url: summary(timings.presign), put_part: summary(timings.put) },
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
      headers: { ...ctx.auth, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + size + tail.length },
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
