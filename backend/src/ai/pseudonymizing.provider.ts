import { Logger } from '@nestjs/common';
import type { AiProvider, ChatMessage, ChatOptions, KnownSpeaker, ProviderSegment } from './ai-provider';
import type { PeopleDirectory } from './pseudonymize/people-directory';
import { Pseudonymizer } from './pseudonymize/pseudonymizer';
import { Restorer } from './pseudonymize/restorer';

/**
 * The provider every feature gets: each chat request leaves with the names, contacts and dates of birth of the
 * practice's people replaced by placeholders, and its answer comes back with them restored (streamed pieces as
 * they arrive). Audio goes as it is: the voices are named by the transcription ('Hablante 1'...), never by a person.
 */
export class PseudonymizingAiProvider implements AiProvider {
  private readonly logger = new Logger('AiPseudonymize');

  constructor(
    private readonly provider: AiProvider,
    private readonly people: PeopleDirectory,
  ) {}

  get configured(): boolean {
    return this.provider.configured;
  }

  assertConfigured(): void {
    this.provider.assertConfigured();
  }

  transcribe(
    audio: { path: string; filename: string },
    options: { knownSpeakers?: KnownSpeaker[]; signal?: AbortSignal },
  ): Promise<ProviderSegment[]> {
    return this.provider.transcribe(audio, options);
  }

  async complete(messages: ChatMessage[], options: ChatOptions): Promise<string> {
    const { sent, restorer } = await this.prepare(messages, options, false);
    return this.finish(restorer, restorer.restore(await this.provider.complete(sent, options)));
  }

  async completeJson(messages: ChatMessage[], options: ChatOptions): Promise<string> {
    const { sent, restorer } = await this.prepare(messages, options, true);
    return this.finish(restorer, restorer.restore(await this.provider.completeJson(sent, options)));
  }

  async *stream(messages: ChatMessage[], options: ChatOptions): AsyncIterable<string> {
    const { sent, restorer } = await this.prepare(messages, options, false);
    yield* restorer.restoreStream(this.provider.stream(sent, options));
    this.finish(restorer, '');
  }

  private async prepare(messages: ChatMessage[], options: ChatOptions, json: boolean) {
    const pseudonymizer = new Pseudonymizer(await this.people.of(options.about));
    // Instructions are the product's own constant text, never data: a patient named like one of their words ('Paciente',
    // 'Rosa') would otherwise change what the model is told to do.
    const sent = messages.map((m) => ({ role: m.role, content: m.role === 'system' ? m.content : pseudonymizer.pseudonymize(m.content) }));
    return { sent, restorer: new Restorer(pseudonymizer.substitutions, json) };
  }

  /** Warns, without the text, of placeholders the answer made up (they are shown as written). */
  private finish(restorer: Restorer, answer: string): string {
    if (restorer.unknown > 0)
      this.logger.warn(`The AI answer held ${restorer.unknown} placeholder(s) the request never sent; left as written`);
    return answer;
  }
}
