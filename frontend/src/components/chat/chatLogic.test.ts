import { CHAT_LIMITS } from '@consulta/shared';
import { describe, expect, it } from 'vitest';
import { canSend, historyOf, isSendKey, messageProblem, type ChatEntry } from './chatLogic';

const entry = (id: number, role: ChatEntry['role'], content: string, extra: Partial<ChatEntry> = {}): ChatEntry => ({
  id,
  role,
  content,
  timestamp: `2026-11-25T10:0${id % 10}:00.000Z`,
  ...extra,
});

describe('chat rules', () => {
  it('sends Enter, keeps Shift+Enter (and an input method composing) for a new line', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(isSendKey({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(isSendKey({ key: 'Enter', shiftKey: false, nativeEvent: { isComposing: true } })).toBe(false);
    expect(isSendKey({ key: 'a', shiftKey: false })).toBe(false);
  });

  it('never sends a blank or too long message, nor while an answer is on its way', () => {
    expect(canSend('Hola', false)).toBe(true);
    expect(canSend('  \n ', false)).toBe(false);
    expect(canSend('Hola', true)).toBe(false);
    const long = 'x'.repeat(CHAT_LIMITS.messageMax + 1);
    expect(canSend(long, false)).toBe(false);
    expect(messageProblem(long)).toBe(`El mensaje es demasiado largo: como máximo ${CHAT_LIMITS.messageMax} caracteres`);
    expect(messageProblem('x'.repeat(CHAT_LIMITS.messageMax))).toBeNull();
  });

  it('sends back as history only what was exchanged: no greeting, failure or answer still being written', () => {
    const entries = [
      entry(1, 'user', 'Hola'),
      entry(2, 'assistant', 'Hola, ¿qué necesitas?'),
      entry(3, 'user', 'Falló', { local: true }),
      entry(4, 'assistant', 'Lo siento', { local: true, failed: true }),
      entry(5, 'user', '¿Y ahora?'),
      entry(6, 'assistant', 'A med', { streaming: true }),
    ];
    expect(historyOf(entries)).toEqual([
      { role: 'user', content: 'Hola', timestamp: entries[0].timestamp },
      { role: 'assistant', content: 'Hola, ¿qué necesitas?', timestamp: entries[1].timestamp },
      { role: 'user', content: '¿Y ahora?', timestamp: entries[4].timestamp },
    ]);
    const many = Array.from({ length: CHAT_LIMITS.historyMax + 5 }, (_, i) => entry(i, i % 2 ? 'assistant' : 'user', `m${i}`));
    expect(historyOf(many).map((m) => m.content)).toEqual(many.slice(5).map((m) => m.content));
  });
});
