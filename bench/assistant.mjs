// Benchmark of the assistants' two budgets (issue "The AI assistants"), with the backend tests' OpenAI-compatible peer
// in this process as the provider:
// 1. The context of a patient with BENCH_SESSIONS (100) sessions of BENCH_WORDS-word (10,000) transcripts, plus notes,
//    the therapist's analysis and a published patient version: POST /api/v1/ai-agent/chat with `patient_id`, timed
//    from the request's first byte to the moment the provider holds the whole prompt (access check, per-user limit,
//    the context's reads and packing, the request to the provider: an upper bound of building the context). Half the
//    questions name an older session ("¿Qué pasó en la sesión N?"), so its transcript is read too. Each prompt is
//    measured against AI_CONTEXT_MAX_CHARS.
// 2. Streaming: the provider writes an answer of 40 pieces, 20 ms apart; a client reading the server-sent events
//    (fetch + the event-stream rules, as a browser's EventSource reads them) stamps each `token` event; the delay is
//    its arrival minus the moment the provider wrote that piece (one clock: client and provider share this process).
// Budgets: context p95 ≤ 50 ms and every prompt within AI_CONTEXT_MAX_CHARS; first token p95 ≤ 100 ms after the provider.
// Usage: node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON bench/assistant.mjs  (after `npx nx run backend:build`)
//   BENCH_SESSIONS=100 BENCH_WORDS=10000 BENCH_REQUESTS=200 BENCH_STREAMS=50 BENCH_PORT=3413 AI_CONTEXT_MAX_CHARS=60000
import { performance } from 'node:perf_hooks';
import { startOpenAiPeer } from '../backend/test/support/openai-peer.ts';
import { call, knob, latency, patientPayload, prose, report, round, settle, startBench, statementsPerRequest, texts } from './lib.mjs';

const SESSIONS = knob('BENCH_SESSIONS', 100);
const WORDS = knob('BENCH_WORDS', 10_000);
const REQUESTS = knob('BENCH_REQUESTS', 200);
const STREAMS = knob('BENCH_STREAMS', 50);
const BUDGET_CHARS = knob('AI_CONTEXT_MAX_CHARS', 60_000);
const CONTEXT_P95_MS = 50;
const FIRST_TOKEN_P95_MS = 100;
const PIECES = 40;

const peer = await startOpenAiPeer();
/** When the provider held each prompt, by question. */
const arrived = new Map();
peer.onChat((req) => {
  arrived.set(String(req.body.messages.at(-1).content), performance.now());
  return { content: 'De acuerdo.' };
});
// The app reads these at start (startBench passes the environment on); the limit would refuse a benchmark's pace.
Object.assign(process.env, {
  OPENAI_API_KEY: 'sk-bench',
  OPENAI_BASE_URL: peer.url,
  AI_CHAT_THROTTLE_LIMIT: '1000000',
  AI_CONTEXT_MAX_CHARS: String(BUDGET_CHARS),
});

const ctx = await startBench();
let pass;
try {
  const patientId = (await call(ctx, 'POST', '/pacientes/', patientPayload(0))).id;
  const notes = texts(16, 1200, 21);
  const analyses = texts(16, 3500, 22);
  const summaries = texts(16, 1500, 23);
  let transcriptChars = 0;
  for (let n = 1; n <= SESSIONS; n++) {
    // About 6.5 characters a word in Spanish prose: a 10,000-word session is ~65,000 characters.
    const transcript = `Sesión ${n}. ${prose(Math.round(WORDS * 6.5), 1000 + n)}`;
    transcriptChars += transcript.length;
    await ctx.db.query(
      `insert into sessions (id, patient_id, therapist_id, numero_sesion, fecha, duracion_minutos, tipo_sesion, num_voces, notas,
         temas_importantes, transcripcion, analisis_ia, analisis_ia_paciente, analisis_ia_paciente_publicado, campos_datos)
       values (gen_random_uuid(), $1, $2, $3, timestamptz '2024-01-08 15:00+00' + ($3 - 1) * interval '7 days', 50, 'psicoterapia', 2,
         $4, 'Ansiedad; relación con el trabajo', $5, $6, $7, true, '{}')`,
      [patientId, ctx.therapistId, n, notes[n % 16], transcript, analyses[n % 16], summaries[n % 16]],
    );
  }
  await settle(ctx);

  const question = (i) => (i % 2 === 0 ? `¿Cómo ha evolucionado? (${i})` : `¿Qué pasó en la sesión ${1 + ((i * 37) % SESSIONS)}? (${i})`);
  const ask = (i) => call(ctx, 'POST', '/ai-agent/chat', { message: question(i), patient_id: patientId });
  const statements = await statementsPerRequest(ctx, 20, ask);
  await ctx.restartDirect();

  // 1. The context: request start → the provider holds the prompt.
  let promptMax = 0;
  const context = await latency(20, REQUESTS, async (i) => {
    const start = performance.now();
    const answer = await ask(i);
    const ms = arrived.get(question(i)) - start;
    const sent = peer.chats().at(-1).body.messages;
    promptMax = Math.max(
      promptMax,
      sent.reduce((n, m) => n + String(m.content).length, 0),
    );
    if (i % 2 === 1 && !answer.sesiones.some((s) => question(i).includes(`sesión ${s.numero_sesion}?`)))
      throw new Error(`the named session is missing: ${question(i)}`);
    return { ms, bytes: JSON.stringify(answer).length };
  });

  // 2. Streaming: each piece from the provider's write to the client's event.
  peer.reset();
  peer.onChat(() => ({ content: Array.from({ length: PIECES }, (_, k) => `palabra${k}`).join(' '), pieceDelayMs: 20 }));
  const first = [];
  const every = [];
  for (let i = 0; i < STREAMS; i++) {
    const received = await streamed(`${ctx.base}/ai-agent/chat`, ctx.auth, { message: `Resume (${i})`, patient_id: patientId });
    const { pieces } = peer.chats().at(-1);
    if (received.length !== pieces.length) throw new Error(`${received.length} tokens for ${pieces.length} pieces`);
    received.forEach((at, k) => every.push(at - pieces[k].at));
    first.push(received[0] - pieces[0].at);
  }
  const pct = (list, p) => round([...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.ceil((p / 100) * list.length) - 1)]);
  const stream = {
    streams: STREAMS,
    pieces_per_answer: PIECES,
    first_token_ms: { p50: pct(first, 50), p95: pct(first, 95), max: pct(first, 100) },
    every_token_ms: { p50: pct(every, 50), p95: pct(every, 95), max: pct(every, 100) },
  };

  pass = context.p95_ms <= CONTEXT_P95_MS && promptMax <= BUDGET_CHARS && stream.first_token_ms.p95 <= FIRST_TOKEN_P95_MS;
  report('assistant', {
    patient: { sessions: SESSIONS, words_per_transcript: WORDS, transcript_chars_total: transcriptChars },
    context: { ...context, statements_per_request: statements, prompt_chars_max: promptMax, budget_chars: BUDGET_CHARS },
    stream,
    budget: { context_p95_ms: CONTEXT_P95_MS, prompt_chars_at_most: BUDGET_CHARS, first_token_p95_ms: FIRST_TOKEN_P95_MS },
    pass,
  });
} finally {
  await ctx.cleanup();
  await peer.close();
}
process.exit(pass ? 0 : 1);

/** A POST answered with server-sent events, read as a browser's EventSource would: the arrival time of each `token`. */
async function streamed(url, headers, body) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`the stream answered ${res.status}`);
  const tokens = [];
  let buffer = '';
  let type = '';
  const decoder = new TextDecoder();
  for await (const chunk of res.body) {
    const now = Date.now();
    buffer += decoder.decode(chunk, { stream: true });
    const lines = buffer.split(/\r\n|\n|\r/);
    buffer = lines.pop();
    for (const line of lines) {
      if (line.startsWith('event:')) type = line.slice(6).trim();
      else if (line === '') {
        if (type === 'token') tokens.push(now);
        if (type === 'error') throw new Error('the stream ended with an error');
        type = '';
      }
    }
  }
  return tokens;
}
