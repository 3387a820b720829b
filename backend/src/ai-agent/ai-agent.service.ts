import { HttpException, Inject, Injectable, Logger } from '@nestjs/common';
import {
  MSG,
  type AiChatAnswer,
  type AiChatMessage,
  type AiChatSource,
  type AiContextSummary,
  type ErrorBody,
  type PatientAiContextSummary,
} from '@consulta/shared';
import { AI_PROVIDER, type AiProvider, type AiSubject, type ChatMessage } from '../ai/ai-provider';
import { providerDeadline, providerFailure, type ProviderDeadline } from '../ai/provider-deadline';
import type { User } from '../auth/entities/user.entity';
import { RateLimitService } from '../common/throttle/rate-limit.service';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { ConsentGate } from '../consents/consent-gate.service';
import { PatientAccess } from '../access/patient-access.service';
import { ChatContextService, type ChatContext } from './context/chat-context.service';
import { Budget, dataJson } from './context/context-budget';
import { chatMessages, fitHistory, instructions, wrapperChars, type ChatScope } from './context/chat-prompts';
import type { ChatRequestDto, PatientChatRequestDto } from './dto/chat.dto';

/** A question ready for the provider: whose data it carries, its messages, and the sessions among their data. */
export interface PreparedChat {
  about: AiSubject;
  messages: ChatMessage[];
  sources: AiChatSource[];
}

/** The share of the budget the conversation so far may take (newest messages first). */
const HISTORY_SHARE = 0.25;

/**
 * The assistants: the therapist's, over the whole practice or one of their patients, and the
 * patient's own. Every question passes the access check, the AI configuration (503) and the per-user limit
 * before any context is read; the provider gets AI_CHAT_TIMEOUT_MS for the whole answer.
 */
@Injectable()
export class AiAgentService {
  private readonly logger = new Logger('AiAgent');

  constructor(
    private readonly access: PatientAccess,
    private readonly context: ChatContextService,
    private readonly limits: RateLimitService,
    @Inject(AI_PROVIDER) private readonly ai: AiProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly consents: ConsentGate,
  ) {}

  /** GET /ai-agent/context */
  async summary(user: User): Promise<AiContextSummary> {
    return { statistics: await this.context.statistics(user.id) };
  }

  /** GET /ai-agent/patient-context */
  async patientSummary(user: User): Promise<PatientAiContextSummary> {
    const me = await this.access.self(user);
    return { statistics: await this.context.ownStatistics(me.id) };
  }

  /** POST /ai-agent/chat: the practice, or with `patient_id` that one patient of the caller's (404 otherwise). */
  async therapistChat(user: User, dto: ChatRequestDto): Promise<PreparedChat> {
    const scoped = dto.patient_id !== undefined && dto.patient_id !== null;
    const patient = scoped ? await this.access.patient(user, dto.patient_id) : null;
    if (patient) await this.consents.require(patient.id, 'ia');
    await this.admit(user);
    if (!patient) return this.prepare('practice', { therapistId: user.id }, dto, (budget) => this.context.practice(user.id, budget));
    return this.prepare('patient', { patientId: patient.id }, dto, (budget, question) =>
      this.context.patient(patient.id, question, budget),
    );
  }

  /** POST /ai-agent/patient-chat: the signed-in patient, about themself. */
  async patientChat(user: User, dto: PatientChatRequestDto): Promise<PreparedChat> {
    const me = await this.access.self(user);
    await this.consents.require(me.id, 'ia', MSG.consents.ownAiRequired);
    await this.admit(user);
    return this.prepare('own', { patientId: me.id }, dto, (budget, question) => this.context.own(me.id, question, budget));
  }

  /** The whole answer (JSON clients). */
  async answer(chat: PreparedChat, signal: AbortSignal): Promise<AiChatAnswer> {
    const limit = this.deadline(signal);
    try {
      const response = (await this.ai.complete(chat.messages, { about: chat.about, signal: limit.signal })).trim();
      if (!response) throw new Error('The provider answered an empty text');
      return { response, sesiones: chat.sources };
    } catch (error) {
      if (signal.aborted) throw error; // the client has gone: nobody to tell
      throw this.failure(error, limit.timedOut());
    } finally {
      limit.clear();
    }
  }

  /** The answer as the provider writes it (server-sent events). */
  async *stream(chat: PreparedChat, signal: AbortSignal): AsyncIterable<string> {
    const limit = this.deadline(signal);
    try {
      let written = false;
      for await (const piece of this.ai.stream(chat.messages, { about: chat.about, signal: limit.signal })) {
        written ||= piece.trim() !== '';
        yield piece;
      }
      // The SDK ends an aborted stream quietly: an answer cut short must not pass for a whole one.
      if (limit.signal.aborted) throw new Error('The answer was cut short');
      if (!written) throw new Error('The provider answered an empty text');
    } catch (error) {
      if (signal.aborted) throw error; // the client has gone: nobody to tell
      throw this.failure(error, limit.timedOut());
    } finally {
      limit.clear();
    }
  }

  /** The `{ detail, code }` of a failure, for a stream that has already begun. */
  static failureBody(error: unknown): ErrorBody {
    const body = error instanceof HttpException ? (error.getResponse() as Partial<ErrorBody>) : {};
    return typeof body.detail === 'string' && body.code
      ? { detail: body.detail, code: body.code }
      : { detail: MSG.aiChat.providerFailed, code: 'AI_PROVIDER_FAILED' };
  }

  /** 503 without a provider, then one question of the user's budget (429 past it). */
  private async admit(user: User): Promise<void> {
    this.ai.assertConfigured();
    await this.limits.aiChat(user.id);
  }

  /**
   * The prompt within AI_CONTEXT_MAX_CHARS: the instructions and the question as they are, the latest history in a
   * quarter of the budget, the data in the rest.
   */
  private async prepare(
    scope: ChatScope,
    about: AiSubject,
    dto: PatientChatRequestDto,
    build: (budget: Budget, relevance: string) => Promise<ChatContext>,
  ): Promise<PreparedChat> {
    const max = this.config.aiChat.contextMaxChars;
    const question = dto.message.trim();
    const history = fitHistory(dto.history ?? [], Math.floor(max * HISTORY_SHARE));
    const fixed = instructions(scope).length + question.length + (history.length > 0 ? dataJson(history).length : 0);
    const budget = new Budget(max - fixed - wrapperChars(scope, history.length > 0));
    // A follow-up ("¿y en la anterior?") names its session in the previous question.
    const relevance = [lastQuestion(dto.history ?? []), question].join('\n');
    const { data, sources } = await build(budget, relevance);
    return { about, messages: chatMessages(scope, data, history, question), sources };
  }

  /** The caller's signal, or AI_CHAT_TIMEOUT_MS: whichever comes first. */
  private deadline(outer: AbortSignal): ProviderDeadline {
    return providerDeadline(outer, this.config.aiChat.timeoutMs);
  }

  private failure(error: unknown, timedOut: boolean): HttpException {
    return providerFailure(error, timedOut, this.logger, 'a chat');
  }
}

const lastQuestion = (history: readonly AiChatMessage[]): string => [...history].reverse().find((m) => m.role === 'user')?.content ?? '';
