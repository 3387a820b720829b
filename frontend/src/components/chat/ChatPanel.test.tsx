import { AI_CHAT_TEXT, CHAT_LIMITS, type AiChatAnswer, type AiChatMessage } from '@consulta/shared';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChatPanel } from './ChatPanel';
import type { ChatSend } from './chatLogic';

type Call = { message: string; history: AiChatMessage[]; onToken: (t: string) => void; signal: AbortSignal };

/** A send whose answers the test gives piece by piece. */
function scriptedSend() {
  const calls: (Call & { resolve: (a: AiChatAnswer) => void; reject: (e: unknown) => void })[] = [];
  const send: ChatSend = (message, history, onToken, signal) =>
    new Promise<AiChatAnswer>((resolve, reject) => calls.push({ message, history, onToken, signal, resolve, reject }));
  return { send: vi.fn(send), calls };
}

const input = () => screen.getByRole('textbox', { name: 'Mensaje para el asistente' });
const log = () => screen.getByRole('log', { name: 'Conversación con el asistente' });
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const enter = (shiftKey = false) => fireEvent.keyDown(input(), { key: 'Enter', shiftKey });

describe('ChatPanel', () => {
  it('greets, sends with Enter, shows the answer word by word, then the sessions it drew on', async () => {
    const { send, calls } = scriptedSend();
    render(<ChatPanel greeting="¡Hola, Ana!" send={send} />);
    expect(within(log()).getByText('¡Hola, Ana!')).toBeInTheDocument();

    type('  ¿Cómo va Lucía?  ');
    enter();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ message: '¿Cómo va Lucía?', history: [] });
    expect(input()).toHaveValue('');
    expect(within(log()).getByText('¿Cómo va Lucía?')).toBeInTheDocument();
    expect(within(log()).getByText('El asistente está escribiendo…')).toBeInTheDocument();
    expect(log()).toHaveAttribute('aria-busy', 'true');

    act(() => calls[0].onToken('Según la '));
    expect(within(log()).getByText('Según la')).toBeInTheDocument();
    act(() => calls[0].onToken('**Sesión 2**'));
    expect(within(log()).getByText('Sesión 2').tagName).toBe('STRONG');

    await act(async () =>
      calls[0].resolve({
        response: 'Según la **Sesión 2**, va mejor.',
        sesiones: [{ numero_sesion: 2, fecha: '2026-11-09T12:00:00.000Z' }],
      }),
    );
    expect(within(log()).getByText(/va mejor/)).toBeInTheDocument();
    expect(screen.getByTestId('chat-sources')).toHaveTextContent('Sesiones consultadas: nº 2 (09/11/2026)');
    expect(log()).toHaveAttribute('aria-busy', 'false');

    // The next question carries the conversation, without the greeting.
    type('¿Y la anterior?');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(calls[1].history).toEqual([
      { role: 'user', content: '¿Cómo va Lucía?', timestamp: expect.any(String) },
      { role: 'assistant', content: 'Según la **Sesión 2**, va mejor.', timestamp: expect.any(String) },
    ]);
  });

  it('keeps Shift+Enter for a new line and never sends a blank message, nor one while an answer is coming', () => {
    const { send, calls } = scriptedSend();
    render(<ChatPanel greeting="Hola" send={send} />);
    type('   ');
    enter();
    expect(screen.getByRole('button', { name: 'Enviar mensaje' })).toBeDisabled();
    type('Primera línea');
    enter(true);
    expect(calls).toHaveLength(0);
    type('Pregunta');
    enter();
    type('Otra');
    enter();
    expect(calls).toHaveLength(1);
    expect(input()).toHaveValue('Otra');
  });

  it('says a message is too long and does not send it', () => {
    const { send, calls } = scriptedSend();
    render(<ChatPanel greeting="Hola" send={send} />);
    type('x'.repeat(CHAT_LIMITS.messageMax + 1));
    enter();
    expect(calls).toHaveLength(0);
    expect(screen.getByText(`El mensaje es demasiado largo: como máximo ${CHAT_LIMITS.messageMax} caracteres`)).toBeInTheDocument();
  });

  it('shows the spec’s apology bubble on failure, tells the page, and leaves the failed exchange out of the history', async () => {
    const { send, calls } = scriptedSend();
    const onError = vi.fn();
    render(<ChatPanel greeting="Hola" send={send} onError={onError} />);
    type('Hola');
    enter();
    const failure = new Error('502');
    await act(async () => calls[0].reject(failure));
    expect(within(log()).getByText(AI_CHAT_TEXT.failedBubble)).toBeInTheDocument();
    expect(onError).toHaveBeenCalledWith(failure);
    type('Otra vez');
    enter();
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].history).toEqual([]);
  });

  it('renders Markdown safely: raw HTML stays text, no image is fetched, no script link', async () => {
    const { send, calls } = scriptedSend();
    render(<ChatPanel greeting="Hola" send={send} />);
    type('Hola');
    enter();
    const response =
      '<img src=x onerror="alert(1)"> <b>negrita</b>\n\n![foto](https://rastreo.example/p.png)\n\n[enlace](javascript:alert(1)) [web](https://consulta.example)';
    await act(async () => calls[0].resolve({ response, sesiones: [] }));
    const answer = screen.getAllByTestId('chat-assistant-message').at(-1)!;
    expect(answer.querySelector('img, b, script')).toBeNull();
    expect(answer).toHaveTextContent('<img src=x onerror="alert(1)"> <b>negrita</b>');
    expect(answer).toHaveTextContent('foto');
    expect(within(answer).getByText('enlace')).not.toHaveAttribute('href', expect.stringContaining('javascript'));
    expect(within(answer).getByRole('link', { name: 'web' })).toHaveAttribute('href', 'https://consulta.example');
  });

  it('says why it cannot be used instead of offering the input', () => {
    render(
      <ChatPanel
        greeting="Hola"
        send={vi.fn()}
        unavailable="La IA no está configurada en este servidor: el asistente no está disponible."
      />,
    );
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText(/no está configurada/)).toBeInTheDocument();
  });

  it('stops the answer on its way when the chat goes away', () => {
    const { send, calls } = scriptedSend();
    const { unmount } = render(<ChatPanel greeting="Hola" send={send} />);
    type('Hola');
    enter();
    unmount();
    expect(calls[0].signal.aborted).toBe(true);
  });
});
