import { createHash } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import OpenAI, { APIConnectionError, APIError, toFile } from 'openai';
import type { TranscriptionDiarized } from 'openai/resources/audio/transcriptions';
import { DEFAULT_CHAT_CONTENT, jsonReply, startOpenAiPeer, type OpenAiPeer } from './support/openai-peer';

/**
 * The OpenAI test peer (support/openai-peer.ts) driven by the real `openai` SDK the way the app calls it: a diarized
 * transcription of an audio piece with known speakers, errors and hangs, chat completions whole and streamed.
 */
/**
 * The SDK's timeout, seen from a Jest test: undici's abort is a DOMException of another realm than Jest's sandbox, the
 * SDK's `castToError` loses its name, and the timeout surfaces as a plain APIConnectionError ("Connection error.").
 * In a plain Node process (the app) it is an APIConnectionTimeoutError ("Request timed out."), a subclass of it.
 */
const TIMEOUT_IN_JEST = APIConnectionError;

describe('OpenAI test peer', () => {
  let peer: OpenAiPeer;
  let dir: string;
  let audioPath: string;
  let audio: Buffer;
  const client = (options: Partial<ConstructorParameters<typeof OpenAI>[0]> = {}) =>
    new OpenAI({ apiKey: 'sk-test-peer', baseURL: peer.url, maxRetries: 0, timeout: 5000, ...options });
  // A fake Ogg page header followed by filler: the peer only looks at the first bytes.
  const oggBytes = (size: number) => Buffer.concat([Buffer.from('OggS\x00\x02', 'latin1'), Buffer.alloc(size - 6, 7)]);
  const reference = (size: number) => `data:audio/ogg;base64,${oggBytes(size).toString('base64')}`;
  const diarize = (
    file: Parameters<OpenAI['audio']['transcriptions']['create']>[0]['file'],
    extra: Record<string, unknown> = {},
    c = client(),
  ) =>
    c.audio.transcriptions.create({
      file,
      model: 'gpt-4o-transcribe-diarize',
      response_format: 'diarized_json',
      chunking_strategy: 'auto',
      ...extra,
    }) as unknown as Promise<TranscriptionDiarized>;

  beforeAll(async () => {
    peer = await startOpenAiPeer();
    dir = mkdtempSync(path.join(os.tmpdir(), 'consulta-openai-peer-'));
    audioPath = path.join(dir, 'piece-001.ogg');
    audio = oggBytes(50_000);
    writeFileSync(audioPath, audio);
  });
  afterAll(async () => {
    await peer.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => peer.reset());

  it('answers a diarized transcription of a streamed file and records its fields, arrays and file', async () => {
    const result = await diarize(createReadStream(audioPath), {
      known_speaker_names: ['Terapeuta', 'Paciente'],
      known_speaker_references: [reference(3000), reference(2000)],
    });

    expect(result.task).toBe('transcribe');
    expect(result.segments).toEqual([
      expect.objectContaining({
        type: 'transcript.text.segment',
        id: 'seg_0',
        speaker: 'Terapeuta',
        start: 0,
        end: 4,
        text: expect.stringMatching(/\S/),
      }),
      expect.objectContaining({
        type: 'transcript.text.segment',
        id: 'seg_1',
        speaker: 'Paciente',
        start: 4,
        end: 8,
        text: expect.stringMatching(/\S/),
      }),
    ]);
    expect(result.text).toBe(result.segments.map((s) => s.text).join(' '));
    expect(result.duration).toBe(8);
    expect(result.usage).toEqual(expect.objectContaining({ type: 'tokens' }));

    const [t] = peer.transcriptions();
    expect(peer.requests).toHaveLength(1);
    expect(t).toMatchObject({
      method: 'POST',
      path: '/v1/audio/transcriptions',
      authorization: 'Bearer sk-test-peer',
      complete: true,
      status: 200,
      aborted: false,
    });
    // The SDK sends arrays as repeated `name[]` fields.
    expect(t.fields).toEqual({
      model: 'gpt-4o-transcribe-diarize',
      response_format: 'diarized_json',
      chunking_strategy: 'auto',
      'known_speaker_names[]': ['Terapeuta', 'Paciente'],
      'known_speaker_references[]': [reference(3000), reference(2000)],
    });
    expect(t.model).toBe('gpt-4o-transcribe-diarize');
    expect(t.responseFormat).toBe('diarized_json');
    expect(t.knownSpeakerNames).toEqual(['Terapeuta', 'Paciente']);
    expect(t.references).toEqual([
      { mimetype: 'audio/ogg', size: 3000, format: 'ogg' },
      { mimetype: 'audio/ogg', size: 2000, format: 'ogg' },
    ]);
    // A bare fs stream goes out with its basename and no media type of its own.
    expect(t.file).toEqual({
      field: 'file',
      name: 'piece-001.ogg',
      mimetype: 'application/octet-stream',
      size: audio.length,
      head: audio.subarray(0, 16).toString('hex'),
      format: 'ogg',
      sha256: createHash('sha256').update(audio).digest('hex'),
    });
  });

  it('labels speakers A, B without known names, and records the type given with toFile', async () => {
    const result = await diarize(await toFile(audio, 'pieza.ogg', { type: 'audio/ogg' }));
    expect(result.segments.map((s) => s.speaker)).toEqual(['A', 'B']);
    const [t] = peer.transcriptions();
    expect(t.file).toMatchObject({ name: 'pieza.ogg', mimetype: 'audio/ogg', size: audio.length, format: 'ogg' });
    expect(t.knownSpeakerNames).toEqual([]);
    expect(t.fields).not.toHaveProperty('known_speaker_names[]');
  });

  it('answers scripted segments, counting the requests each handler sees, and falls back to the default', async () => {
    peer.onTranscription((req, n) =>
      n === 0
        ? { segments: [{ speaker: req.knownSpeakerNames[0] ?? 'A', start: 0.5, end: 2.25, text: 'Hola.' }], duration: 10 }
        : undefined,
    );
    const first = await diarize(createReadStream(audioPath));
    expect(first).toMatchObject({ duration: 10, text: 'Hola.', segments: [{ speaker: 'A', start: 0.5, end: 2.25, text: 'Hola.' }] });
    const second = await diarize(createReadStream(audioPath));
    expect(second.segments).toHaveLength(2);
  });

  it('refuses what the real API refuses, in its error shape', async () => {
    await expect(diarize(await toFile(Buffer.from('not audio at all'), 'notes.txt'))).rejects.toMatchObject({
      status: 400,
      code: 'invalid_value',
    });
    await expect(diarize(await toFile(Buffer.from('not audio at all'), 'piece.ogg'))).rejects.toMatchObject({
      status: 400,
      code: 'invalid_value',
    });
    await expect(diarize(createReadStream(audioPath), { known_speaker_names: ['Ana'] })).rejects.toMatchObject({
      status: 400,
      param: 'known_speaker_names',
    });
    const noKey = await fetch(`${peer.url}/models`);
    expect(noKey.status).toBe(401);
    expect(((await noKey.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
    expect(peer.requests.map((r) => r.status)).toEqual([400, 400, 400, 401]);
  });

  it('surfaces scripted 500 and 429 answers as APIError with their status', async () => {
    peer.onTranscription((_req, n) => (n === 0 ? { status: 500 } : { status: 429, error: 'Rate limit reached for requests' }));
    const failure = await diarize(createReadStream(audioPath)).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(APIError);
    expect(failure).toBeInstanceOf(OpenAI.InternalServerError);
    expect(failure).toMatchObject({ status: 500, type: 'server_error', requestID: expect.stringMatching(/^req_/) });

    const limited = await diarize(createReadStream(audioPath)).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(OpenAI.RateLimitError);
    expect(limited).toMatchObject({
      status: 429,
      code: 'rate_limit_exceeded',
      message: expect.stringContaining('Rate limit reached for requests'),
    });
  });

  it('lets the SDK retry a buffered upload but never a streamed one', async () => {
    peer.onTranscription((_req, n) => (n === 0 ? { status: 500, headers: { 'retry-after-ms': '10' } } : undefined));
    const retried = await diarize(await toFile(audio, 'piece.ogg', { type: 'audio/ogg' }), {}, client({ maxRetries: 2 }));
    expect(retried.segments).toHaveLength(2);
    expect(peer.transcriptions().map((t) => t.status)).toEqual([500, 200]);

    peer.reset();
    peer.onTranscription(() => ({ status: 500, headers: { 'retry-after-ms': '10' } }));
    await expect(diarize(createReadStream(audioPath), {}, client({ maxRetries: 2 }))).rejects.toMatchObject({ status: 500 });
    expect(peer.transcriptions()).toHaveLength(1);
  });

  it('hangs until the SDK times out, and answers after a scripted delay', async () => {
    peer.onTranscription((_req, n) =>
      n === 0 ? { hang: true } : { delayMs: 200, then: { segments: [{ speaker: 'A', start: 0, end: 1, text: 'Tarde.' }] } },
    );
    const started = Date.now();
    await expect(diarize(createReadStream(audioPath), {}, client({ timeout: 400 }))).rejects.toBeInstanceOf(TIMEOUT_IN_JEST);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect(Date.now() - started).toBeLessThan(3000);
    await waitUntil(() => peer.transcriptions()[0]?.aborted === true);
    expect(peer.transcriptions()[0]).toMatchObject({ complete: true, status: null, aborted: true });

    const late = await diarize(createReadStream(audioPath), {}, client({ timeout: 2000 }));
    expect(late.text).toBe('Tarde.');
  });

  it('answers a chat completion whole', async () => {
    const completion = await client().chat.completions.create({
      model: 'gpt-4.1-mini',
      messages: [
        { role: 'system', content: 'Eres un asistente clínico.' },
        { role: 'user', content: 'Resume la sesión.' },
      ],
      temperature: 0.2,
    });
    expect(completion.choices[0].message).toMatchObject({ role: 'assistant', content: DEFAULT_CHAT_CONTENT });
    expect(completion.choices[0].finish_reason).toBe('stop');
    expect(completion.usage?.total_tokens).toBeGreaterThan(0);
    const [c] = peer.chats();
    expect(c).toMatchObject({ stream: false, status: 200, authorization: 'Bearer sk-test-peer' });
    expect(c.body).toEqual({
      model: 'gpt-4.1-mini',
      messages: [
        { role: 'system', content: 'Eres un asistente clínico.' },
        { role: 'user', content: 'Resume la sesión.' },
      ],
      temperature: 0.2,
    });
  });

  it('answers JSON mode with the scripted text, and refuses it, as OpenAI does, when no message says "json"', async () => {
    peer.onChat(() => jsonReply({ sugerencias: [] }));
    const completion = await client().chat.completions.create({
      model: 'gpt-4.1-mini',
      messages: [{ role: 'user', content: 'Responde en JSON.' }],
      response_format: { type: 'json_object' },
    });
    expect(JSON.parse(completion.choices[0].message.content!)).toEqual({ sugerencias: [] });
    expect(peer.chats()[0].body?.response_format).toEqual({ type: 'json_object' });

    const refused = await client()
      .chat.completions.create({
        model: 'gpt-4.1-mini',
        messages: [{ role: 'user', content: 'Hola' }],
        response_format: { type: 'json_object' },
      })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(APIError);
    expect((refused as APIError).status).toBe(400);
    expect((refused as APIError).message).toMatch(/must contain the word 'json'/);
    const unknown = await client()
      .chat.completions.create({
        model: 'gpt-4.1-mini',
        messages: [{ role: 'user', content: 'json' }],
        response_format: { type: 'yaml' } as never,
      })
      .catch((e: unknown) => e);
    expect((unknown as APIError).status).toBe(400);
  });

  it('streams a chat completion whose first delta carries the assistant role', async () => {
    peer.onChat(() => ({ content: 'Motivo de consulta: ansiedad.\n\nPlan: seguimiento semanal.' }));
    const stream = await client().chat.completions.create({
      model: 'gpt-4.1-mini',
      messages: [{ role: 'user', content: 'Redacta la nota.' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    const deltas = chunks.flatMap((c) => c.choices.map((choice) => choice.delta));
    expect(deltas[0].role).toBe('assistant');
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.map((d) => d.content ?? '').join('')).toBe('Motivo de consulta: ansiedad.\n\nPlan: seguimiento semanal.');
    expect(chunks.flatMap((c) => c.choices.map((choice) => choice.finish_reason)).filter(Boolean)).toEqual(['stop']);
    expect(chunks.at(-1)?.usage?.total_tokens).toBeGreaterThan(0);
    expect(peer.chats()[0]).toMatchObject({ stream: true, status: 200, body: { stream: true, stream_options: { include_usage: true } } });
  });

  it('paces a streamed chat, recording when each piece left, and can break it midway', async () => {
    peer.onChat((_req, n) =>
      n === 0 ? { content: 'Uno dos tres', pieceDelayMs: 60 } : { content: 'Uno dos tres cuatro', pieceDelayMs: 20, breakAfter: 2 },
    );
    const create = () =>
      client().chat.completions.create({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'Hola' }], stream: true });
    const received: { text: string; at: number }[] = [];
    for await (const chunk of await create()) {
      const text = chunk.choices[0]?.delta?.content;
      if (text) received.push({ text, at: Date.now() });
    }
    const { pieces } = peer.chats()[0];
    expect(pieces.map((p) => p.text)).toEqual(['Uno ', 'dos ', 'tres']);
    expect(received.map((p) => p.text)).toEqual(['Uno ', 'dos ', 'tres']);
    expect(pieces[2].at - pieces[0].at).toBeGreaterThanOrEqual(110);
    received.forEach((r, i) => expect(r.at).toBeGreaterThanOrEqual(pieces[i].at));

    const broken: string[] = [];
    const failure = await (async () => {
      for await (const chunk of await create()) broken.push(chunk.choices[0]?.delta?.content ?? '');
      return 'ended';
    })().catch((e: unknown) => String(e));
    expect(failure).toMatch(/terminated|Error/);
    expect(broken.join('')).toBe('Uno dos ');
    expect(peer.chats()[1].pieces).toHaveLength(2);
  });

  it('fails a streamed chat before any event, and times out a hung one', async () => {
    peer.onChat((_req, n) => (n === 0 ? { status: 503 } : { hang: true }));
    const create = (timeout: number) =>
      client({ timeout }).chat.completions.create({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'Hola' }], stream: true });
    await expect(create(2000)).rejects.toMatchObject({ status: 503, type: 'server_error' });
    const started = Date.now();
    await expect(create(300)).rejects.toBeInstanceOf(TIMEOUT_IN_JEST);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('lists a model for health checks', async () => {
    const models = [];
    for await (const model of client().models.list()) models.push(model.id);
    expect(models).toEqual(['gpt-4o-transcribe-diarize']);
    expect(peer.requests[0]).toMatchObject({ kind: 'models', status: 200 });
  });

  it('closes without waiting for hung connections', async () => {
    const other = await startOpenAiPeer();
    other.onChat(() => ({ hang: true }));
    const hung = new OpenAI({ apiKey: 'sk-test-peer', baseURL: other.url, maxRetries: 0 }).chat.completions
      .create({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'Hola' }] })
      .catch((e: unknown) => e);
    await waitUntil(() => other.chats()[0]?.complete === true);
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await hung).toBeInstanceOf(APIConnectionError);
  });
});

async function waitUntil(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
