import type { AiChatAnswer, AiChatRequest, AiContextSummary } from '@consulta/shared';
import type { HttpClient } from '../../app/core/http';
import { askStreamed, type ChatStreamOptions } from '../../app/core/askStreamed';

/** The therapist's assistant. */
export const assistantCalls = (http: HttpClient) => ({
  /** GET /ai-agent/context: what the assistant knows about, counted. */
  getAiContext: () => http.get<AiContextSummary>('/ai-agent/context'),
  /** POST /ai-agent/chat, streamed (with `patient_id`, about that patient only). */
  askAssistant: (request: AiChatRequest, options?: ChatStreamOptions): Promise<AiChatAnswer> =>
    askStreamed('/ai-agent/chat', request, options),
});

export type AssistantCalls = ReturnType<typeof assistantCalls>;
