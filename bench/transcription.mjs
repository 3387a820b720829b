// Benchmark of a long session through the whole transcription job, with the AI provider's stand-in:
//   a BENCH_HOURS-hour video (3 h; 160×90 at 1 fps, H.264 + speech-like mono AAC, made once by ffmpeg and kept in
//   bench/results/) is uploaded to a draft, then POST /sesiones-asincronas/start-transcription; the draft's progress
//   is polled until it is back in `borrador`. The stand-in is the backend tests' OpenAI-compatible peer: each piece
//   is answered after BENCH_PROVIDER_MS (4 s), with two voices.
// Budget: the session goes through: every piece under the provider's 25 MB, at most TRANSCRIBE_PARALLEL (3) pieces
// in flight at once, the transcript's times running to the end of the video, two voices throughout. Reported: the
// wall time, the pieces and their sizes, the peak of requests in flight, the app's peak memory (VmHWM).
// Usage: node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON bench/transcription.mjs  (after `npx nx run backend:build`)
//   BENCH_HOURS=3 BENCH_PROVIDER_MS=4000 BENCH_PORT=3412 BENCH_PG=postgres://postgres@127.0.0.1:5432
//   TRANSCRIBE_PIECE_SECONDS / TRANSCRIBE_PARALLEL pass through to the app (defaults 1200 s and 3).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startOpenAiPeer } from '../backend/test/support/openai-peer.ts';
import { call, knob, patientPayload, report, root, round, startBench } from './lib.mjs';

const HOURS = knob('BENCH_HOURS', 3);
const PROVIDER_MS = knob('BENCH_PROVIDER_MS', 4000);
const PARALLEL = knob('TRANSCRIBE_PARALLEL', 3);
const MAX_PIECE_BYTES = 25 * 1024 * 1024;
const seconds = HOURS * 3600;

const results = path.join(root, 'bench/results');
mkdirSync(results, { recursive: true });
const ffmpeg = spawnSync('ffmpeg', ['-version']).status === 0 ? 'ffmpeg' : (await import('@ffmpeg-installer/ffmpeg')).default.path;
const video = path.join(results, `session-${HOURS}h.mp4`);
if (!existsSync(video)) {
  const started = performance.now();
  execFileSync(ffmpeg, [
    ...[
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=gray:size=160x90:rate=1',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=180:sample_rate=16000',
    ],
    ...[
      '-filter_complex',
      '[1:a]tremolo=f=4:d=0.9[v];anoisesrc=a=0.02:r=16000[n];[v][n]amix=inputs=2:duration=first[a]',
      '-map',
      '0:v',
      '-map',
      '[a]',
    ],
    ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-b:a', '24k', '-ac', '1', video],
  ]);
  console.log(`made a ${HOURS} h video in ${round((performance.now() - started) / 1000)} s`);
}
const size = statSync(video).size;
console.log(`video: ${video}, ${round(size / 1024 / 1024)} MiB`);

// The stand-in provider: counts the requests in flight.
const peer = await startOpenAiPeer();
let inFlight = 0;
let peakInFlight = 0;
peer.onTranscription((req) => {
  inFlight++;
  peakInFlight = Math.max(peakInFlight, inFlight);
  setTimeout(() => inFlight--, PROVIDER_MS);
  const names = req.knownSpeakerNames;
  return {
    delayMs: PROVIDER_MS,
    then: {
      segments: [
        { speaker: names[0] ?? 'A', start: 1, end: 6, text: 'Buenos días, ¿cómo ha ido la semana?' },
        { speaker: names[1] ?? 'B', start: 7, end: 12, text: 'Mejor, he dormido más horas.' },
      ],
    },
  };
});

const dataDir = mkdtempSync(path.join(results, 'transcription-'));
Object.assign(process.env, { DATA_DIR: dataDir, OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: peer.url });
let ctx;
try {
  ctx = await startBench();
  const patient = await call(ctx, 'POST', '/pacientes/', patientPayload(0));
  const presigned = await call(ctx, 'POST', '/aws-s3/presigned-upload-url', {
    file_name: 'sesion-larga.mp4',
    content_type: 'video/mp4',
    file_size: size,
    custom_path: `sesiones/${patient.id}`,
  });
  const put = await fetch(new URL(presigned.upload_url, ctx.base), {
    method: 'PUT',
    headers: presigned.headers,
    body: readFileSync(video),
  });
  if (!put.ok) throw new Error(`the upload answered ${put.status}: ${await put.text()}`);
  const key = presigned.file_key;
  const draft = await call(ctx, 'POST', '/sesiones-asincronas/drafts', {
    paciente_id: patient.id,
    tipo_sesion: 'psicoterapia',
    archivo_video_info: { file_key: key, video_url: key },
  });
  const appPid = Number(
    execFileSync('pgrep', ['-f', `${path.join(root, 'backend/dist/main.js')}`])
      .toString()
      .trim()
      .split('\n')
      .pop(),
  );

  const started = performance.now();
  await call(ctx, 'POST', `/sesiones-asincronas/start-transcription/${draft.id}`);
  let progress;
  const seen = new Set();
  for (;;) {
    progress = await call(ctx, 'GET', `/sesiones-asincronas/progress/${draft.id}`);
    seen.add(progress.progreso);
    if (progress.estado === 'borrador' || progress.estado === 'fallido') break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const wall = (performance.now() - started) / 1000;
  const peakRss = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${appPid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  const done = await call(ctx, 'GET', `/sesiones-asincronas/drafts/${draft.id}`);
  const transcript = done.archivo_video_info.transcript ?? [];
  const pieces = peer.transcriptions().map((r) => r.file?.size ?? 0);
  const voices = [...new Set(transcript.map((s) => s.speaker_label))];
  const result = {
    video_hours: HOURS,
    video_mib: round(size / 1024 / 1024),
    estado: progress.estado,
    mensaje_error: progress.mensaje_error,
    wall_s: round(wall),
    pieces: pieces.length,
    piece_mib_max: round(Math.max(...pieces) / 1024 / 1024),
    piece_mib_total: round(pieces.reduce((a, b) => a + b, 0) / 1024 / 1024),
    provider_ms_per_piece: PROVIDER_MS,
    peak_requests_in_flight: peakInFlight,
    progress_values_seen: seen.size,
    segments: transcript.length,
    last_segment_start_s: transcript.at(-1)?.start_time ?? null,
    voices,
    app_peak_rss_mib: round(peakRss),
  };
  const pass =
    progress.estado === 'borrador' &&
    pieces.every((b) => b > 0 && b < MAX_PIECE_BYTES) &&
    peakInFlight <= PARALLEL &&
    result.last_segment_start_s > seconds - 1200 &&
    voices.length === 2;
  report('transcription', { ...result, budget: { piece_mib_below: 25, in_flight_at_most: PARALLEL, voices: 2 }, pass });
  if (!pass) process.exitCode = 1;
} finally {
  await ctx?.cleanup();
  await peer.close();
  rmSync(dataDir, { recursive: true, force: true });
}
