import { AI_CHAT_TEXT } from '@consulta/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { canSend, historyOf, type ChatEntry, type ChatSend } from './chatLogic';

/**
 * A conversation with an assistant: the messages exchanged, and `ask`, which shows the question at once and the
 * answer as it is written. A failure turns the answer into the spec's apology bubble and is handed to `onError`
 * (the page decides whether to toast). Leaving the page stops the answer on its way.
 */
export function useChat({ send, onError }: { send: ChatSend; onError?: (error: unknown) => void }) {
  const [entries, setEntries] = useState<ChatEntry[]>([]);
  const [busy, setBusy] = useState(false);
  const entriesRef = useRef(entries);
  const busyRef = useRef(false);
  const nextId = useRef(1);
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => {
    entriesRef.current = entries;
  }, [entries]);
  useEffect(() => () => inFlight.current?.abort(), []);

  const ask = useCallback(
    async (text: string): Promise<boolean> => {
      if (!canSend(text, busyRef.current)) return false;
      const message = text.trim();
      const history = historyOf(entriesRef.current);
      const questionId = nextId.current++;
      const answerId = nextId.current++;
      const patch = (id: number, change: Partial<ChatEntry> | ((e: ChatEntry) => Partial<ChatEntry>)) =>
        setEntries((list) => list.map((e) => (e.id === id ? { ...e, ...(typeof change === 'function' ? change(e) : change) } : e)));
      const now = new Date().toISOString();
      setEntries((list) => [
        ...list,
        { id: questionId, role: 'user', content: message, timestamp: now },
        { id: answerId, role: 'assistant', content: '', timestamp: now, streaming: true },
      ]);
      busyRef.current = true;
      setBusy(true);
      const controller = new AbortController();
      inFlight.current = controller;
      try {
        const answer = await send(message, history, (piece) => patch(answerId, (e) => ({ content: e.content + piece })), controller.signal);
        patch(answerId, { content: answer.response, streaming: false, sources: answer.sesiones, timestamp: new Date().toISOString() });
      } catch (error) {
        if (controller.signal.aborted) return false;
        // Neither side of a failed exchange goes back to the assistant as history.
        patch(questionId, { local: true });
        patch(answerId, { content: AI_CHAT_TEXT.failedBubble, streaming: false, local: true, failed: true });
        onError?.(error);
      } finally {
        busyRef.current = false;
        if (!controller.signal.aborted) setBusy(false);
      }
      return true;
    },
    [send, onError],
  );

  return { entries, busy, ask };
}
