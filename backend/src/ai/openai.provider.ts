import { createReadStream } from 'node:fs';
// The types of the module that import() loads (the SDK's ESM build), not of its CommonJS build.
import type { OpenAI } from 'openai' with { 'resolution-mode': 'import' };
import type { AppConfig } from '../config/app-config';
import type { AiProvider, ChatMessage, ChatOptions, KnownSpeaker, ProviderSegment } from './ai-provider';

const AUDIO_TYPES: Record<string, string> = {
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  webm: 'audio/webm',
};
const audioType = (filename: string) => AUDIO_TYPES[filename.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream';

/** What `diarized_json` answers (the SDK's types have no overload for it). */
interface DiarizedAnswer {
  segments?: { speaker?: string; start?: number; end?: number; text?: string }[];
}

/**
 * OpenAI, or any server speaking its API (OPENAI_BASE_URL: a practice may keep clinical audio on its own machines).
 * The SDK does not retry: the jobs do, with their own back-off, and a request hung past OPENAI_TIMEOUT_MS fails.
 */
export class OpenAiProvider implements AiProvider {
  readonly configured = true;
  private client: Promise<OpenAI> | null = null;

  constructor(private readonly config: AppConfig['openai']) {}

  /** The SDK (~230 modules) is loaded on the first call: an idle server does not hold it. */
  private openai(): Promise<OpenAI> {
    const { apiKey, baseUrl, timeoutMs } = this.config;
    return (this.client ??= import('openai').then(
      (sdk) => new sdk.OpenAI({ apiKey: apiKey ?? undefined, baseURL: baseUrl ?? undefined, timeout: timeoutMs, maxRetries: 0 }),
    ));
  }

  assertConfigured(): void {}

  async transcribe(
    audio: { path: string; filename: string },
    options: { knownSpeakers?: KnownSpeaker[]; signal?: AbortSignal },
  ): Promise<ProviderSegment[]> {
    const known = options.knownSpeakers ?? [];
    const [client, { toFile }] = await Promise.all([this.openai(), import('openai')]);
    const answer = (await client.audio.transcriptions.create(
      {
        // Read whole (a piece is a few MB): a named, typed file the SDK can also send again.
        file: await toFile(createReadStream(audio.path), audio.filename, { type: audioType(audio.filename) }),
        model: this.config.transcribeModel,
        response_format: 'diarized_json',
        chunking_strategy: 'auto',
        language: 'es',
        ...(known.length > 0
          ? { known_speaker_names: known.map((k) => k.name), known_speaker_references: known.map((k) => k.reference) }
          : {}),
      } as never,
      { signal: options.signal },
    )) as unknown as DiarizedAnswer;
    return (answer.segments ?? []).map((s) => ({
      speaker: String(s.speaker ?? ''),
      start: Number(s.start ?? 0),
      end: Number(s.end ?? s.start ?? 0),
      text: String(s.text ?? ''),
    }));
  }

  async complete(messages: ChatMessage[], options: ChatOptions): Promise<string> {
    const answer = await (
      await this.openai()
    ).chat.completions.create({ model: this.config.chatModel, messages }, { signal: options.signal });
    return answer.choices[0]?.message?.content ?? '';
  }

  async completeJson(messages: ChatMessage[], options: ChatOptions): Promise<string> {
    const answer = await (
      await this.openai()
    ).chat.completions.create(
      { model: this.config.chatModel, messages, response_format: { type: 'json_object' } },
      { signal: options.signal },
    );
    return answer.choices[0]?.message?.content ?? '';
  }

  async *stream(messages: ChatMessage[], options: ChatOptions): AsyncIterable<string> {
    const chunks = await (
      await this.openai()
    ).chat.completions.create({ model: this.config.chatModel, messages, stream: true }, { signal: options.signal });
    for await (const chunk of chunks) {
      const text = chunk.choices[0]?.delta?.content;
      if (text) yield text;
    }
  }
}
