import { CHAT_LIMITS, MSG, fillMessage, type AiChatAnswer, type AiChatMessage, type AiChatSource } from '@consulta/shared';

/** A message on screen. */
export interface ChatEntry {
  id: number;
  role: 'user' | 'assistant';
  content: string;
  /** ISO 8601. */
  timestamp: string;
  /** Shown but never sent back as history: the greeting, and both sides of an exchange that failed. */
  local?: boolean;
  /** The assistant is still writing it. */
  streaming?: boolean;
  failed?: boolean;
  /** The sessions the answer could draw on. */
  sources?: AiChatSource[];
}

/** Sends one question with the conversation so far; the pieces of the answer go to `onToken` as they come. */
export type ChatSend = (
  message: string,
  history: AiChatMessage[],
  onToken: (text: string) => void,
  signal: AbortSignal,
) => Promise<AiChatAnswer>;

/** The conversation as the server takes it: the latest exchanged messages, oldest first, each within its limit. */
export function historyOf(entries: readonly ChatEntry[]): AiChatMessage[] {
  return entries
    .filter((e) => !e.local && !e.streaming && e.content.trim() !== '')
    .slice(-CHAT_LIMITS.historyMax)
    .map((e) => ({ role: e.role, content: e.content.slice(0, CHAT_LIMITS.historyItemMax), timestamp: e.timestamp }));
}

/** The message's problem (too long), or null. */
export const messageProblem = (text: string): string | null =>
  text.length > CHAT_LIMITS.messageMax ? fillMessage(MSG.aiChat.messageTooLong, { max: CHAT_LIMITS.messageMax }) : null;

/** Whether a message can go: not blank, not too long, and no answer on its way. */
export const canSend = (text: string, busy: boolean): boolean => !busy && text.trim() !== '' && messageProblem(text) === null;

/** Enter sends; Shift+Enter (or Enter while an input method composes a character) adds a line. */
export const isSendKey = (event: { key: string; shiftKey: boolean; nativeEvent?: { isComposing?: boolean } }): boolean =>
  event.key === 'Enter' && !event.shiftKey && !event.nativeEvent?.isComposing;
