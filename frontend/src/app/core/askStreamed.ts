import { CHAT_STREAM_EVENTS, type AiChatAnswer, type AiChatRequest, type ErrorBody, type PatientChatRequest } from '@consulta/shared';
import { ApiError, NETWORK_ERROR_MESSAGE, apiRequest } from './http';

export interface ChatStreamOptions {
  /** Each piece of the answer as the assistant writes it. */
  onToken?: (text: string) => void;
  signal?: AbortSignal;
}

/**
 * Asks an assistant (POST /ai-agent/chat or /ai-agent/patient-chat) for a streamed answer: its pieces go to
 * `onToken`; resolves with the whole answer and its sessions, or fails with the server's `{ detail, code }`.
 */
export async function askStreamed(
  path: string,
  request: AiChatRequest | PatientChatRequest,
  { onToken, signal }: ChatStreamOptions = {},
): Promise<AiChatAnswer> {
  let answer: AiChatAnswer | null = null;
  let failure: ErrorBody | null = null;
  const response = await apiRequest<AiChatAnswer>(path, {
    method: 'POST',
    body: JSON.stringify(request),
    signal,
    onEvent: ({ event, data }) => {
      if (event === CHAT_STREAM_EVENTS.token) onToken?.((JSON.parse(data) as { text: string }).text);
      else if (event === CHAT_STREAM_EVENTS.done) answer = JSON.parse(data) as AiChatAnswer;
      else if (event === CHAT_STREAM_EVENTS.error) failure = JSON.parse(data) as ErrorBody;
    },
  });
  // A server that answers JSON instead of a stream.
  if (response.json) return response.json;
  if (failure) {
    const { detail, code } = failure as ErrorBody;
    throw new ApiError(detail, code === 'AI_TIMEOUT' ? 504 : 502, failure);
  }
  if (!answer) throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
  return answer;
}
