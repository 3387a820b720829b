import busboy from 'busboy';
import { createHash, randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A local HTTP server speaking the part of OpenAI's REST API the app uses (https://platform.openai.com/docs/api-reference),
 * for the official `openai` SDK pointed at `url` (`baseURL`, ending in /v1):
 * - `POST /v1/audio/transcriptions`: multipart/form-data, parsed as it streams in (busboy). The SDK sends arrays as
 *   repeated `name[]` fields (`known_speaker_names[]`, `known_speaker_references[]`). Answers `diarized_json`
 *   (`{ task, duration, text, segments: [{ type, id, start, end, text, speaker }], usage }`), `text` or `json`.
 * - `POST /v1/chat/completions`: JSON, answered whole or, with `stream: true`, as server-sent events
 *   (`data: {chunk}\n\n` ... `data: [DONE]\n\n`); the first delta carries `role: 'assistant'`. With `response_format`
 *   `{ type: 'json_object' }` (JSON mode) it refuses, as OpenAI does, messages that never say "json" (400); the
 *   scripted content is sent as written (`jsonReply` scripts a JSON object, but any text, malformed too, may be). A streamed answer may
 *   pause between its pieces (`pieceDelayMs`) or break its connection after some pieces (`breakAfter`); each piece
 *   written is recorded with its time (`pieces`).
 * - `GET /v1/models` (one model) and `GET /v1/models/{id}`, for health checks.
 * Like the real API it refuses, with its error JSON (`{ error: { message, type, param, code } }`), a request without
 * `Authorization: Bearer ...` (401, any key is accepted), a transcription without `model` or `file`, a file whose name
 * lacks an audio extension or whose first bytes are no audio container (400), more than 25 MB of file (413), and
 * known speaker names and references of different counts or more than 4 (400). Unknown paths answer 404.
 *
 * Every request is recorded in arrival order (`requests`), filled in as its body arrives. Answers are scripted with
 * `onTranscription` / `onChat`: the handler gets the recorded request and how many requests it was asked about
 * before (0 for its first), and returns the answer, or `undefined` for the default one.
 */

export interface RecordedBase {
  /** Position in `requests`. */
  seq: number;
  method: string;
  /** Path with query string, e.g. /v1/audio/transcriptions. */
  path: string;
  /** The Authorization header as sent, e.g. `Bearer sk-test`. */
  authorization: string | undefined;
  headers: http.IncomingHttpHeaders;
  receivedAt: number;
  /** The whole body arrived. */
  complete: boolean;
  /** Status answered, or null while unanswered (hung, delayed, or aborted before the answer). */
  status: number | null;
  /** The client closed the connection before the answer was complete. */
  aborted: boolean;
}

export type AudioFormat = 'ogg' | 'wav' | 'flac' | 'mp3' | 'mp4' | 'webm' | 'unknown';

export interface RecordedFile {
  /** Form field name (the SDK sends `file`). */
  field: string;
  /** The part's filename, e.g. piece-001.ogg. */
  name: string;
  /** The part's Content-Type (the SDK sends application/octet-stream for a bare fs stream). */
  mimetype: string;
  size: number;
  /** First 16 bytes, hex. */
  head: string;
  /** Container recognised from the first bytes: OggS, RIFF...WAVE, fLaC, ID3 / MPEG frame sync, ....ftyp, EBML. */
  format: AudioFormat;
  sha256: string;
}

export interface RecordedTranscription extends RecordedBase {
  kind: 'transcription';
  /**
   * Text fields as sent: a name sent once maps to its value, a name ending in `[]` or sent more than once maps to
   * all its values in order, e.g. `{ model: 'gpt-4o-transcribe-diarize', 'known_speaker_names[]': ['Ana', 'Luis'] }`.
   */
  fields: Record<string, string | string[]>;
  /** The uploaded file (the first one, when several were sent), or null. */
  file: RecordedFile | null;
  files: RecordedFile[];
  model: string | undefined;
  responseFormat: string | undefined;
  /** From `known_speaker_names[]` (or a bare `known_speaker_names`). */
  knownSpeakerNames: string[];
  /** From `known_speaker_references[]`: the data URLs as sent. */
  knownSpeakerReferences: string[];
  /** The references decoded: media type of the data URL, byte size and recognised container. */
  references: { mimetype: string; size: number; format: AudioFormat }[];
}

export interface RecordedChat extends RecordedBase {
  kind: 'chat';
  /** The parsed JSON body (model, messages, stream, ...), or null when it was no JSON. */
  body: ChatBody | null;
  stream: boolean;
  /** A streamed answer's content pieces, each with the time it was written to the socket. */
  pieces: { text: string; at: number }[];
}

export interface ChatBody {
  model?: string;
  messages?: { role: string; content: unknown }[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  [key: string]: unknown;
}

export interface RecordedOther extends RecordedBase {
  kind: 'models' | 'other';
}

export type RecordedRequest = RecordedTranscription | RecordedChat | RecordedOther;

export interface TranscriptSegment {
  speaker: string;
  start: number;
  end: number;
  text: string;
}

/** An error answer: `error` is the message; `type`, `code` and extra `headers` (e.g. retry-after-ms) are optional. */
export interface ErrorReply {
  status: number;
  error?: string;
  type?: string;
  code?: string | null;
  headers?: Record<string, string>;
}
/** What a handler answers: a success of kind `T`, an error, no answer at all, or one of these after a delay or an event. */
export type Scripted<T> =
  T | ErrorReply | { hang: true } | { delayMs: number; then: Scripted<T> } | { until: Promise<unknown>; then: Scripted<T> };
/** A transcription's segments; `duration` defaults to the last segment's end. */
export type TranscriptionSuccess = { segments: TranscriptSegment[]; duration?: number };
export type ChatSuccess = {
  content: string;
  finishReason?: 'stop' | 'length' | 'content_filter';
  /** Streamed: the content's pieces as written (default: word by word). */
  pieces?: string[];
  /** Streamed: the pause before each content piece. */
  pieceDelayMs?: number;
  /** Streamed: the connection is destroyed after this many content pieces (a provider that fails mid-answer). */
  breakAfter?: number;
};
export type TranscriptionReply = Scripted<TranscriptionSuccess>;
export type ChatReply = Scripted<ChatSuccess>;

export type TranscriptionHandler = (req: RecordedTranscription, n: number) => TranscriptionReply | undefined;
export type ChatHandler = (req: RecordedChat, n: number) => ChatReply | undefined;

export interface OpenAiPeer {
  /** Base URL for the SDK, e.g. http://127.0.0.1:40123/v1. */
  url: string;
  /** Everything received, in arrival order (the same array for the peer's life; reset() empties it). */
  requests: RecordedRequest[];
  transcriptions(): RecordedTranscription[];
  chats(): RecordedChat[];
  /** Scripts the answers to the following transcriptions (until replaced or reset). */
  onTranscription(handler: TranscriptionHandler): void;
  /** Scripts the answers to the following chat completions (until replaced or reset). */
  onChat(handler: ChatHandler): void;
  /** Clears the records and puts the default handlers back. */
  reset(): void;
  /** Stops listening and destroys every open connection (hung ones included). */
  close(): Promise<void>;
}

export const PEER_TRANSCRIBE_MODEL = 'gpt-4o-transcribe-diarize';
export const DEFAULT_CHAT_CONTENT = 'Respuesta de prueba';
const DEFAULT_SEGMENTS: TranscriptSegment[] = [
  { speaker: 'A', start: 0, end: 4, text: 'Buenos días, ¿cómo se encuentra hoy?' },
  { speaker: 'B', start: 4, end: 8, text: 'Bien, aunque esta semana he dormido poco.' },
];
/** OpenAI's upload limit per request. */
const MAX_FILE_BYTES = 25 * 1024 * 1024;
const AUDIO_EXTENSIONS = ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm'];

/**
 * The default transcription answer: speakers alternate over fixed segments (0-4 s, 4-8 s); known speaker names, when
 * sent, label the speakers in order (as the API does when it recognises them), the rest get letters A, B, ...
 */
export function defaultTranscription(req: RecordedTranscription): { segments: TranscriptSegment[] } {
  const names = req.knownSpeakerNames;
  return {
    segments: DEFAULT_SEGMENTS.map((s, i) => ({ ...s, speaker: names[i] ?? String.fromCharCode(65 + i - Math.min(names.length, i)) })),
  };
}

export function defaultChat(): { content: string } {
  return { content: DEFAULT_CHAT_CONTENT };
}

/** A chat answer whose content is `value` as JSON (what a model in JSON mode writes). */
export const jsonReply = (value: unknown): ChatSuccess => ({ content: JSON.stringify(value) });

/** The container recognised from a file's first bytes. */
export function audioFormat(head: Buffer): AudioFormat {
  const ascii = (from: number, to: number) => head.subarray(from, to).toString('latin1');
  if (ascii(0, 4) === 'OggS') return 'ogg';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'wav';
  if (ascii(0, 4) === 'fLaC') return 'flac';
  if (ascii(4, 8) === 'ftyp') return 'mp4';
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  if (ascii(0, 3) === 'ID3' || (head.length >= 2 && head[0] === 0xff && (head[1] & 0xe0) === 0xe0)) return 'mp3';
  return 'unknown';
}

const ERROR_TYPES: Record<number, { type: string; code: string | null; message: string }> = {
  400: { type: 'invalid_request_error', code: null, message: 'Bad request.' },
  401: { type: 'invalid_request_error', code: 'invalid_api_key', message: 'Incorrect API key provided.' },
  403: {
    type: 'invalid_request_error',
    code: 'unsupported_country_region_territory',
    message: 'Country, region, or territory not supported',
  },
  404: { type: 'invalid_request_error', code: null, message: 'Not found.' },
  413: { type: 'server_error', code: null, message: 'Maximum content size limit (26214400) exceeded.' },
  429: { type: 'requests', code: 'rate_limit_exceeded', message: 'Rate limit reached. Please try again later.' },
  500: { type: 'server_error', code: null, message: 'The server had an error while processing your request. Sorry about that!' },
  502: { type: 'server_error', code: null, message: 'Bad gateway.' },
  503: { type: 'server_error', code: null, message: 'The engine is currently overloaded, please try again later.' },
};

function errorBody(reply: ErrorReply) {
  const known = ERROR_TYPES[reply.status] ?? {
    type: reply.status >= 500 ? 'server_error' : 'invalid_request_error',
    code: null,
    message: `HTTP ${reply.status}`,
  };
  return {
    error: {
      message: reply.error ?? known.message,
      type: reply.type ?? known.type,
      param: null,
      code: reply.code === undefined ? known.code : reply.code,
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the peer on 127.0.0.1: on `port`, or a free one. */
export async function startOpenAiPeer(options: { port?: number } = {}): Promise<OpenAiPeer> {
  const requests: RecordedRequest[] = [];
  let transcriptionHandler: TranscriptionHandler = () => undefined;
  let chatHandler: ChatHandler = () => undefined;
  let transcriptionCalls = 0;
  let chatCalls = 0;
  const sockets = new Set<Socket>();

  const server = http.createServer((req, res) => {
    const rec: RecordedBase = {
      seq: requests.length,
      method: req.method ?? '',
      path: req.url ?? '',
      authorization: req.headers.authorization,
      headers: req.headers,
      receivedAt: Date.now(),
      complete: false,
      status: null,
      aborted: false,
    };
    res.setHeader('x-request-id', `req_${randomUUID().replace(/-/g, '')}`);
    res.on('close', () => {
      if (!res.writableFinished) rec.aborted = true;
    });
    handle(req, res, rec).catch((err: unknown) => {
      if (!res.headersSent && !res.destroyed) sendError(res, rec, { status: 500, error: `Peer failure: ${String(err)}` });
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  function sendJson(res: ServerResponse, rec: RecordedBase, status: number, body: unknown, headers: Record<string, string> = {}) {
    if (res.destroyed) return;
    rec.status = status;
    res.writeHead(status, { 'content-type': 'application/json', 'openai-version': '2020-10-01', ...headers });
    res.end(JSON.stringify(body));
  }
  function sendError(res: ServerResponse, rec: RecordedBase, reply: ErrorReply) {
    sendJson(res, rec, reply.status, errorBody(reply), reply.headers);
  }
  function invalid(res: ServerResponse, rec: RecordedBase, message: string, code: string | null = null, param: string | null = null) {
    if (res.destroyed) return;
    rec.status = 400;
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message, type: 'invalid_request_error', param, code } }));
  }

  async function handle(req: IncomingMessage, res: ServerResponse, base: RecordedBase) {
    const url = new URL(req.url ?? '/', 'http://peer');
    const route = `${req.method} ${url.pathname.replace(/\/+$/, '')}`;

    // The record is `base` itself, completed in place: the connection's close listener marks it aborted.
    if (route === 'POST /v1/audio/transcriptions') {
      const rec: RecordedTranscription = Object.assign(base, {
        kind: 'transcription' as const,
        fields: {},
        file: null,
        files: [],
        model: undefined,
        responseFormat: undefined,
        knownSpeakerNames: [],
        knownSpeakerReferences: [],
        references: [],
      });
      requests.push(rec);
      if (!(await unauthorized(req, res, rec))) await transcribe(req, res, rec);
      return;
    }
    if (route === 'POST /v1/chat/completions') {
      const rec: RecordedChat = Object.assign(base, { kind: 'chat' as const, body: null, stream: false, pieces: [] });
      requests.push(rec);
      if (!(await unauthorized(req, res, rec))) await chat(req, res, rec);
      return;
    }
    const rec: RecordedOther = Object.assign(base, { kind: route.startsWith('GET /v1/models') ? ('models' as const) : ('other' as const) });
    requests.push(rec);
    if (await unauthorized(req, res, rec)) return;
    if (route === 'GET /v1/models') {
      return sendJson(res, rec, 200, { object: 'list', data: [modelObject(PEER_TRANSCRIBE_MODEL)] });
    }
    const model = /^GET \/v1\/models\/([^/]+)$/.exec(route)?.[1];
    if (model !== undefined) {
      if (decodeURIComponent(model) === PEER_TRANSCRIBE_MODEL) return sendJson(res, rec, 200, modelObject(PEER_TRANSCRIBE_MODEL));
      return sendJson(res, rec, 404, {
        error: {
          message: `The model '${decodeURIComponent(model)}' does not exist`,
          type: 'invalid_request_error',
          param: 'model',
          code: 'model_not_found',
        },
      });
    }
    sendJson(res, rec, 404, {
      error: { message: `Invalid URL (${req.method} ${url.pathname})`, type: 'invalid_request_error', param: null, code: null },
    });
  }

  /** Refuses (401, as OpenAI) a request without a bearer key, after draining its body. */
  async function unauthorized(req: IncomingMessage, res: ServerResponse, rec: RecordedBase): Promise<boolean> {
    if (/^Bearer \S+/.test(rec.authorization ?? '')) return false;
    await drain(req);
    rec.complete = true;
    sendJson(res, rec, 401, {
      error: {
        message:
          "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
        type: 'invalid_request_error',
        param: null,
        code: null,
      },
    });
    return true;
  }

  async function transcribe(req: IncomingMessage, res: ServerResponse, rec: RecordedTranscription) {
    let tooLarge = false;
    try {
      await new Promise<void>((resolve, reject) => {
        const bb = busboy({ headers: req.headers, limits: { fieldSize: 16 * 1024 * 1024, fileSize: MAX_FILE_BYTES } });
        const pending: Promise<void>[] = [];
        bb.on('field', (name, value) => {
          const previous = rec.fields[name];
          if (previous === undefined) rec.fields[name] = name.endsWith('[]') ? [value] : value;
          else rec.fields[name] = Array.isArray(previous) ? [...previous, value] : [previous, value];
        });
        bb.on('file', (field, stream, info) => {
          const hash = createHash('sha256');
          const head: Buffer[] = [];
          let headBytes = 0;
          let size = 0;
          pending.push(
            new Promise<void>((done, fail) => {
              stream.on('data', (chunk: Buffer) => {
                hash.update(chunk);
                size += chunk.length;
                if (headBytes < 16) {
                  head.push(chunk.subarray(0, 16 - headBytes));
                  headBytes += Math.min(chunk.length, 16 - headBytes);
                }
              });
              stream.on('limit', () => {
                tooLarge = true;
              });
              stream.on('error', fail);
              stream.on('end', () => {
                const first = Buffer.concat(head);
                rec.files.push({
                  field,
                  name: info.filename ?? '',
                  mimetype: info.mimeType,
                  size,
                  head: first.toString('hex'),
                  format: audioFormat(first),
                  sha256: hash.digest('hex'),
                });
                done();
              });
            }),
          );
        });
        bb.on('error', reject);
        bb.on('close', () => Promise.all(pending).then(() => resolve(), reject));
        req.on('aborted', () => reject(new Error('client aborted the upload')));
        req.pipe(bb);
      });
    } catch (err) {
      if (rec.aborted || req.destroyed || res.destroyed) return;
      return invalid(res, rec, `Could not parse multipart form: ${(err as Error).message}`);
    }
    rec.complete = true;
    rec.file = rec.files.find((f) => f.field === 'file') ?? rec.files[0] ?? null;
    const single = (name: string) => {
      const v = rec.fields[name];
      return Array.isArray(v) ? v[0] : v;
    };
    const list = (name: string) => [rec.fields[`${name}[]`] ?? [], rec.fields[name] ?? []].flat();
    rec.model = single('model');
    rec.responseFormat = single('response_format');
    rec.knownSpeakerNames = list('known_speaker_names');
    rec.knownSpeakerReferences = list('known_speaker_references');
    rec.references = rec.knownSpeakerReferences.map((ref) => {
      const m = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(ref);
      if (!m) return { mimetype: '', size: 0, format: 'unknown' as const };
      const bytes = m[2] ? Buffer.from(m[3], 'base64') : Buffer.from(decodeURIComponent(m[3]), 'latin1');
      return { mimetype: m[1], size: bytes.length, format: audioFormat(bytes.subarray(0, 16)) };
    });

    if (tooLarge) {
      return sendError(res, rec, { status: 413, error: `Maximum content size limit (${MAX_FILE_BYTES}) exceeded.` });
    }
    if (!rec.model) return invalid(res, rec, 'you must provide a model parameter', null, 'model');
    if (!rec.file) return invalid(res, rec, "Missing required parameter: 'file'.", 'missing_required_parameter', 'file');
    const extension = /\.([^.]+)$/.exec(rec.file.name)?.[1]?.toLowerCase();
    if (!extension || !AUDIO_EXTENSIONS.includes(extension)) {
      return invalid(
        res,
        rec,
        `Unrecognized file format. Supported formats: [${AUDIO_EXTENSIONS.map((e) => `'${e}'`).join(', ')}]`,
        'invalid_value',
        'file',
      );
    }
    if (rec.file.format === 'unknown') {
      return invalid(res, rec, 'Audio file might be corrupted or unsupported', 'invalid_value', 'file');
    }
    if (rec.knownSpeakerNames.length !== rec.knownSpeakerReferences.length) {
      return invalid(
        res,
        rec,
        'known_speaker_names and known_speaker_references must have the same length',
        'invalid_value',
        'known_speaker_names',
      );
    }
    if (rec.knownSpeakerNames.length > 4) {
      return invalid(res, rec, 'At most 4 known speakers are supported', 'invalid_value', 'known_speaker_names');
    }

    const reply: TranscriptionReply = transcriptionHandler(rec, transcriptionCalls++) ?? defaultTranscription(rec);
    await answer<TranscriptionSuccess>(res, rec, reply, (r) => {
      const segments = r.segments.map((s, i) => ({
        type: 'transcript.text.segment',
        id: `seg_${i}`,
        start: s.start,
        end: s.end,
        text: s.text,
        speaker: s.speaker,
      }));
      const text = segments.map((s) => s.text).join(' ');
      const duration = r.duration ?? Math.max(0, ...segments.map((s) => s.end));
      const usage = {
        type: 'tokens',
        input_tokens: Math.ceil(duration * 10) + 7,
        output_tokens: Math.ceil(text.length / 4),
        total_tokens: 0,
        input_token_details: { audio_tokens: Math.ceil(duration * 10), text_tokens: 7 },
      };
      usage.total_tokens = usage.input_tokens + usage.output_tokens;
      if (rec.responseFormat === 'text') {
        rec.status = 200;
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        return res.end(text);
      }
      if (rec.responseFormat === 'diarized_json') return sendJson(res, rec, 200, { task: 'transcribe', duration, text, segments, usage });
      return sendJson(res, rec, 200, { text, usage });
    });
  }

  async function chat(req: IncomingMessage, res: ServerResponse, rec: RecordedChat) {
    const raw = await readBody(req);
    rec.complete = true;
    try {
      const body: unknown = JSON.parse(raw.toString('utf8'));
      if (body && typeof body === 'object' && !Array.isArray(body)) rec.body = body as ChatBody;
    } catch {
      // recorded as null below
    }
    if (!rec.body) return invalid(res, rec, 'We could not parse the JSON body of your request.');
    rec.stream = rec.body.stream === true;
    if (!rec.body.model) return invalid(res, rec, 'you must provide a model parameter', null, 'model');
    if (!Array.isArray(rec.body.messages) || rec.body.messages.length === 0) {
      return invalid(res, rec, "Missing required parameter: 'messages'.", 'missing_required_parameter', 'messages');
    }
    const format = (rec.body.response_format as { type?: unknown } | undefined)?.type;
    if (format !== undefined && format !== 'text' && format !== 'json_object' && format !== 'json_schema') {
      return invalid(res, rec, `Invalid value: '${String(format)}'.`, 'invalid_value', 'response_format.type');
    }
    if (format === 'json_object' && !JSON.stringify(rec.body.messages).toLowerCase().includes('json')) {
      return invalid(
        res,
        rec,
        "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
        null,
        'messages',
      );
    }
    const body = rec.body;
    const reply: ChatReply = chatHandler(rec, chatCalls++) ?? defaultChat();
    await answer<ChatSuccess>(res, rec, reply, async (r) => {
      const id = `chatcmpl-${randomUUID().replace(/-/g, '').slice(0, 24)}`;
      const created = Math.floor(Date.now() / 1000);
      const model = String(body.model);
      const finish = r.finishReason ?? 'stop';
      const promptTokens = JSON.stringify(body.messages).length >> 2;
      const completionTokens = Math.max(1, r.content.length >> 2);
      const usage = { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens };
      if (!rec.stream) {
        return sendJson(res, rec, 200, {
          id,
          object: 'chat.completion',
          created,
          model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: r.content, refusal: null, annotations: [] },
              logprobs: null,
              finish_reason: finish,
            },
          ],
          usage,
          service_tier: 'default',
          system_fingerprint: 'fp_peer',
        });
      }
      rec.status = 200;
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
      const includeUsage = body.stream_options?.include_usage === true;
      const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
        res.write(
          `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, system_fingerprint: 'fp_peer', choices, ...(includeUsage ? { usage: null } : {}), ...extra })}\n\n`,
        );
      chunk([{ index: 0, delta: { role: 'assistant', content: '', refusal: null }, logprobs: null, finish_reason: null }]);
      for (const piece of r.pieces ?? r.content.match(/\S+\s*|\s+/g) ?? []) {
        if (r.pieceDelayMs) await sleep(r.pieceDelayMs);
        if (res.destroyed) return;
        if (r.breakAfter !== undefined && rec.pieces.length >= r.breakAfter) return void res.destroy();
        chunk([{ index: 0, delta: { content: piece }, logprobs: null, finish_reason: null }]);
        rec.pieces.push({ text: piece, at: Date.now() });
      }
      chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: finish }]);
      if (includeUsage) chunk([], { usage });
      res.end('data: [DONE]\n\n');
    });
  }

  /** Sends `reply`: an error, nothing (hang), after a delay or an event, or a success through `ok`. */
  async function answer<T extends object>(
    res: ServerResponse,
    rec: RecordedBase,
    reply: Scripted<T>,
    ok: (r: T) => unknown,
  ): Promise<void> {
    if ('delayMs' in reply) {
      await sleep(reply.delayMs);
      return answer(res, rec, reply.then, ok);
    }
    if ('until' in reply) {
      await reply.until;
      return answer(res, rec, reply.then, ok);
    }
    if (res.destroyed) return;
    if ('hang' in reply) return; // left open until the client gives up or close() destroys it
    if ('status' in reply) return sendError(res, rec, reply);
    await ok(reply);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    transcriptions: () => requests.filter((r): r is RecordedTranscription => r.kind === 'transcription'),
    chats: () => requests.filter((r): r is RecordedChat => r.kind === 'chat'),
    onTranscription: (handler) => {
      transcriptionHandler = handler;
      transcriptionCalls = 0;
    },
    onChat: (handler) => {
      chatHandler = handler;
      chatCalls = 0;
    },
    reset: () => {
      requests.length = 0;
      transcriptionHandler = () => undefined;
      chatHandler = () => undefined;
      transcriptionCalls = 0;
      chatCalls = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

function modelObject(id: string) {
  return { id, object: 'model', created: 1_740_000_000, owned_by: 'system' };
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

const drain = (req: IncomingMessage) =>
  new Promise<void>((resolve) => {
    req.on('end', resolve);
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.resume();
  });
