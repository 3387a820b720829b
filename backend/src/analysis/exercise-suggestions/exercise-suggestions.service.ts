import { BadGatewayException, BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { MSG, type ExerciseSuggestions } from '@consulta/shared';
import { PatientAccess } from '../../access/patient-access.service';
import { AI_PROVIDER, type AiProvider, type ChatMessage } from '../../ai/ai-provider';
import { providerDeadline, providerFailure } from '../../ai/provider-deadline';
import type { User } from '../../auth/entities/user.entity';
import { problem } from '../../common/errors/error.dto';
import type { Execute } from '../../common/sql/execute';
import { RateLimitService } from '../../common/throttle/rate-limit.service';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.constants';
import { ConsentGate } from '../../consents/consent-gate.service';
import { exercisesStillInBank, suggestableExercises } from '../../exercises/bank/suggestable-exercises.sql';
import { Session } from '../../sessions/entities/session.entity';
import { sessionAnalysisInput } from '../analysis-input';
import { hasAnalysableContent } from '../analysis-prompts';
import { MalformedSuggestions, readSuggestions } from './suggestion-answer';
import { suggestionPrompt } from './suggestion-prompts';

/**
 * 'Sugerir ejercicios': up to three exercises of the therapist's own bank that fit one of their sessions, each with
 * the model's one-sentence reason. The model sees the session as the therapist's analysis does and the bank as data;
 * only exercises it was shown and still in the bank reach the therapist. Nothing is assigned here.
 */
@Injectable()
export class ExerciseSuggestionsService {
  private readonly logger = new Logger('ExerciseSuggestions');

  constructor(
    private readonly em: EntityManager,
    private readonly access: PatientAccess,
    private readonly consents: ConsentGate,
    private readonly limits: RateLimitService,
    @Inject(AI_PROVIDER) private readonly ai: AiProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * POST /sesiones/{id}/sugerir-ejercicios. Refusals that cost nothing come first (404, 409 consent, 503, 400), then
   * one question of the caller's AI budget (429, shared with the assistants), then the provider.
   */
  async suggest(user: User, sessionId: string, signal: AbortSignal): Promise<ExerciseSuggestions> {
    const session = await this.access.owned(user, Session, sessionId, { notFound: MSG.sessions.notFound });
    const patientId = session.patient.id;
    await this.consents.require(patientId, 'ia');
    this.ai.assertConfigured();
    const input = (await sessionAnalysisInput(this.execute, session.id))?.input;
    if (!input || !hasAnalysableContent(input)) throw new BadRequestException(problem(MSG.ai.nothingToAnalyze, 'VALIDATION'));
    const bank = await suggestableExercises(this.execute, user.id, patientId);
    if (bank.length === 0) throw new BadRequestException(problem(MSG.exerciseSuggestions.emptyBank, 'VALIDATION'));
    await this.limits.aiChat(user.id);

    const prompt = suggestionPrompt(input, bank, this.config.aiChat.contextMaxChars);
    const answer = await this.ask(prompt.messages, patientId, signal);
    let picked;
    try {
      picked = readSuggestions(answer, prompt.offered);
    } catch (error) {
      if (!(error instanceof MalformedSuggestions)) throw error;
      // What the model wrote may quote the session: only why it was refused is logged.
      this.logger.warn(`The AI provider answered suggestions that cannot be read: ${error.message}`);
      throw new BadGatewayException(problem(MSG.exerciseSuggestions.malformed, 'AI_PROVIDER_FAILED'));
    }
    // An exercise retired or deleted while the model was thinking is not suggested.
    const still = await exercisesStillInBank(
      this.execute,
      user.id,
      picked.map((p) => p.ejercicio_id),
    );
    return { sugerencias: picked.filter((p) => still.has(p.ejercicio_id)) };
  }

  /** The provider's JSON text within AI_CHAT_TIMEOUT_MS; a client that leaves stops it. */
  private async ask(messages: ChatMessage[], patientId: string, signal: AbortSignal): Promise<string> {
    const limit = providerDeadline(signal, this.config.aiChat.timeoutMs);
    try {
      return await this.ai.completeJson(messages, { about: { patientId }, signal: limit.signal });
    } catch (error) {
      throw providerFailure(error, limit.timedOut(), this.logger, 'exercise suggestions');
    } finally {
      limit.clear();
    }
  }

  private readonly execute: Execute = (sql, params) => this.em.fork().getConnection().execute(sql, params, 'all');
}
