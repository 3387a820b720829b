import { ServiceUnavailableException } from '@nestjs/common';
import { MSG } from '@consulta/shared';
import { problem } from '../common/errors/error.dto';

/** A diarized turn as the provider answers it: times in seconds from the start of the audio sent. */
export interface ProviderSegment {
  speaker: string;
  start: number;
  end: number;
  text: string;
}

/** A voice the provider should recognise by name (up to 4): a 2-10 s sample of it, as a data URL. */
export interface KnownSpeaker {
  name: string;
  reference: string;
}

/**
 * Whose data a chat request carries: one patient's (with their therapist's), or a therapist's whole practice. Every
 * chat request names it, so that the names, contacts and dates of birth of those people leave as placeholders.
 */
export type AiSubject = { patientId: string } | { therapistId: string };

export interface ChatOptions {
  about: AiSubject;
  signal?: AbortSignal;
}

export interface ChatMessage {
  /** 'system': the product's fixed instructions only, never data (they leave as written, not pseudonymized). */
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * The AI provider behind one interface (an OpenAI-compatible server, or none): the domain code never asks which.
 * Errors are the provider's; `AiProviderError.permanent` marks a request that would fail the same way again.
 */
export interface AiProvider {
  readonly configured: boolean;
  /** Refuses (503 AI_NOT_CONFIGURED) when no provider is configured: called before a job is accepted. */
  assertConfigured(): void;
  /** Diarized transcription of one audio file (never more than the provider's 25 MB). */
  transcribe(
    audio: { path: string; filename: string },
    options: { knownSpeakers?: KnownSpeaker[]; signal?: AbortSignal },
  ): Promise<ProviderSegment[]>;
  /** One chat completion: the assistant's text. */
  complete(messages: ChatMessage[], options: ChatOptions): Promise<string>;
  /**
   * One chat completion in JSON mode (`response_format` `json_object`): the text answered, a JSON object unless the
   * provider misbehaves (the caller parses and validates it). The messages must say they ask for JSON.
   */
  completeJson(messages: ChatMessage[], options: ChatOptions): Promise<string>;
  /** One chat completion, streamed: the pieces of the text as the provider writes them. */
  stream(messages: ChatMessage[], options: ChatOptions): AsyncIterable<string>;
}

export const AI_PROVIDER = Symbol('AI_PROVIDER');

export const aiNotConfigured = () => new ServiceUnavailableException(problem(MSG.ai.notConfigured, 'AI_NOT_CONFIGURED'));

/** No provider configured: every call is a 503 with the Spanish explanation. */
export class UnconfiguredAi implements AiProvider {
  readonly configured = false;
  assertConfigured(): never {
    throw aiNotConfigured();
  }
  transcribe(): Promise<never> {
    return Promise.reject(aiNotConfigured());
  }
  complete(): Promise<never> {
    return Promise.reject(aiNotConfigured());
  }
  completeJson(): Promise<never> {
    return Promise.reject(aiNotConfigured());
  }
  // eslint-disable-next-line require-yield
  async *stream(): AsyncIterable<string> {
    throw aiNotConfigured();
  }
}
