/**
 * The AI assistants ('Consultar IA', the patient-detail ai-chat tab and the patient's AI chat): what the server and the UI share.
 */

/** GET /ai-agent/context: what the therapist's assistant knows about, counted. */
export interface AiContextSummary {
  statistics: {
    total_patients: number;
    total_sessions: number;
    exercises_created: number;
    modules_created: number;
  };
}

/**
 * GET /ai-agent/patient-context: the data card of the patient's chat page, counted from what their assistant may
 * read (an analysis counts once the therapist has published it).
 */
export interface PatientAiContextSummary {
  statistics: {
    total_sessions: number;
    sessions_with_transcript: number;
    sessions_with_analysis: number;
  };
}

export type AiChatRole = 'user' | 'assistant';

/** A message of a conversation; the client keeps the conversation. */
export interface AiChatMessage {
  content: string;
  role: AiChatRole;
  timestamp?: string;
}

/** POST /ai-agent/chat (therapist): `patient_id` scopes the assistant to that one patient. */
export interface AiChatRequest {
  message: string;
  patient_id?: string;
  /** The latest messages of the conversation, oldest first (at most CHAT_LIMITS.historyMax). */
  history?: AiChatMessage[];
}

/** POST /ai-agent/patient-chat (the signed-in patient, about themself). */
export type PatientChatRequest = Omit<AiChatRequest, 'patient_id'>;

/** A session whose content the assistant was given for an answer. */
export interface AiChatSource {
  numero_sesion: number;
  /** ISO 8601 date-time of the session. */
  fecha: string;
}

/** The answer of both chat calls (JSON), and the last event of a streamed one. */
export interface AiChatAnswer {
  response: string;
  /** The sessions the answer could draw on, most recent first (none for the practice-wide assistant). */
  sesiones: AiChatSource[];
}

/**
 * A chat call with `Accept: text/event-stream` answers server-sent events: `sesiones` first (AiChatSource[]),
 * then `token` ({ text }) as the answer is written, and `done` (AiChatAnswer) or `error` ({ detail, code }).
 */
export const CHAT_STREAM_EVENTS = { sources: 'sesiones', token: 'token', done: 'done', error: 'error' } as const;

export const CHAT_LIMITS = {
  /** Characters of one message. */
  messageMax: 4000,
  /** Messages of `history` (the client sends the latest ones). */
  historyMax: 20,
  /** Characters of one message of `history` (an assistant's answer may be long). */
  historyItemMax: 20_000,
} as const;

/** Texts of the chat screens and of the assistants' answers. */
export const AI_CHAT_TEXT = {
  /** The therapist's failure toast. */
  failedToast: 'Error al consultar la IA',
  /** The assistant bubble after a failure. */
  failedBubble: 'Lo siento, hubo un error al procesar tu consulta. Por favor, intenta nuevamente.',
  /** The patient's chat when their sessions could not be loaded. */
  sessionsLoadFailed: 'No pude cargar tus sesiones. Aún puedo ayudarte con preguntas generales.',
} as const;
