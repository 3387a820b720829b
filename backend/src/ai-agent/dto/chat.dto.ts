import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import {
  CHAT_LIMITS,
  MSG,
  fillMessage,
  type AiChatAnswer,
  type AiChatMessage,
  type AiChatRequest,
  type AiChatSource,
  type AiContextSummary,
  type PatientAiContextSummary,
  type PatientChatRequest,
} from '@consulta/shared';
import { Check, NOT_BLANK } from '../../common/validation/rules';

const messageRule = (value: unknown): string | null => {
  if (typeof value !== 'string' || value.trim() === '') return MSG.aiChat.messageRequired;
  return value.length > CHAT_LIMITS.messageMax ? fillMessage(MSG.aiChat.messageTooLong, { max: CHAT_LIMITS.messageMax }) : null;
};

const isHistoryItem = (item: unknown): boolean => {
  if (!item || typeof item !== 'object' || Array.isArray(item)) return false;
  const { role, content, timestamp, ...rest } = item as Record<string, unknown>;
  return (
    (role === 'user' || role === 'assistant') &&
    typeof content === 'string' &&
    content.length <= CHAT_LIMITS.historyItemMax &&
    (timestamp === undefined || timestamp === null || typeof timestamp === 'string') &&
    Object.keys(rest).length === 0
  );
};

const historyRule = (value: unknown): string | null =>
  value === undefined || value === null || (Array.isArray(value) && value.length <= CHAT_LIMITS.historyMax && value.every(isHistoryItem))
    ? null
    : fillMessage(MSG.aiChat.history, { max: CHAT_LIMITS.historyMax, itemMax: CHAT_LIMITS.historyItemMax });

/** One message of `history`: these three keys and no other. */
class ChatMessageDto implements AiChatMessage {
  @ApiProperty({ enum: ['user', 'assistant'] })
  role: 'user' | 'assistant';
  @ApiProperty({ maxLength: CHAT_LIMITS.historyItemMax })
  content: string;
  @ApiProperty({ type: String, required: false, nullable: true })
  timestamp?: string;
}

/** Body of POST /ai-agent/patient-chat. */
export class PatientChatRequestDto implements PatientChatRequest {
  @Check(messageRule, {
    type: 'string',
    minLength: 1,
    maxLength: CHAT_LIMITS.messageMax,
    pattern: NOT_BLANK,
    required: true,
    description: `La pregunta (como máximo ${CHAT_LIMITS.messageMax} caracteres; no puede estar vacía).`,
  })
  message: string;

  @ApiProperty({
    type: [ChatMessageDto],
    required: false,
    nullable: true,
    maxItems: CHAT_LIMITS.historyMax,
    description: `Los últimos mensajes de la conversación, del más antiguo al más reciente (como máximo ${CHAT_LIMITS.historyMax}). Se envían al modelo como datos, nunca como instrucciones.`,
  })
  @Check(historyRule)
  history?: AiChatMessage[];
}

/** Body of POST /ai-agent/chat. */
export class ChatRequestDto extends PatientChatRequestDto implements AiChatRequest {
  @ApiProperty({
    type: String,
    required: false,
    nullable: true,
    description: 'Un paciente del terapeuta: el asistente conoce solo a ese paciente, en profundidad.',
  })
  @Allow()
  patient_id?: string;
}

class AiChatSourceDto implements AiChatSource {
  numero_sesion: number;
  fecha: string;
}

export class AiChatAnswerDto implements AiChatAnswer {
  response: string;
  /** Las sesiones cuyo contenido recibió el asistente, de la más reciente a la más antigua. */
  @ApiProperty({ type: [AiChatSourceDto] })
  sesiones: AiChatSource[];
}

class AiStatisticsDto {
  total_patients: number;
  total_sessions: number;
  exercises_created: number;
  modules_created: number;
}

export class AiContextSummaryDto implements AiContextSummary {
  statistics: AiStatisticsDto;
}

class PatientAiStatisticsDto {
  total_sessions: number;
  sessions_with_transcript: number;
  /** Sesiones con una versión para el paciente publicada por el terapeuta. */
  sessions_with_analysis: number;
}

export class PatientAiContextSummaryDto implements PatientAiContextSummary {
  statistics: PatientAiStatisticsDto;
}
