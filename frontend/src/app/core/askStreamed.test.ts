// @vitest-environment jsdom
import { STORAGE_KEYS } from '@consulta/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from './http';
import { askStreamed } from './askStreamed';

const fetchMock = vi.fn<typeof fetch>();

/** An event-stream answer delivered in the given pieces. */
const stream = (...pieces: string[]) =>
  new Response(
    new ReadableStream({
      start(controller) {
        pieces.forEach((p) => controller.enqueue(new TextEncoder().encode(p)));
        controller.close();
      },
    }),
    { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } },
  );

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem(STORAGE_KEYS.accessToken, 'tok');
});
afterEach(() => {
  fetchMock.mockReset();
});

describe('askStreamed', () => {
  it('asks for an event stream with the token, hands over each piece, and answers the whole', async () => {
    fetchMock.mockResolvedValue(
      stream(
        'event: sesiones\ndata: [{"numero_sesion":1,"fecha":"2026-11-02T12:00:00.000Z"}]\n\nevent: tok',
        'en\ndata: {"text":"Ho"}\n\n',
        'event: token\ndata: {"text":"la\\n"}\n\nevent: done\ndata: {"response":"Hola","sesiones":[{"numero_sesion":1,"fecha":"2026-11-02T12:00:00.000Z"}]}\n\n',
      ),
    );
    const pieces: string[] = [];
    const answer = await askStreamed('/ai-agent/chat', { message: 'Hola', patient_id: 'p1' }, { onToken: (t) => pieces.push(t) });
    expect(pieces).toEqual(['Ho', 'la\n']);
    expect(answer).toEqual({ response: 'Hola', sesiones: [{ numero_sesion: 1, fecha: '2026-11-02T12:00:00.000Z' }] });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/ai-agent/chat');
    const headers = new Headers(init!.headers);
    expect(headers.get('Accept')).toBe('text/event-stream');
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(JSON.parse(String(init!.body))).toEqual({ message: 'Hola', patient_id: 'p1' });
  });

  it('fails with the server’s detail: an error event, a refusal before the stream, or a stream cut short', async () => {
    fetchMock.mockResolvedValueOnce(
      stream('event: sesiones\ndata: []\n\nevent: error\ndata: {"detail":"Tardó demasiado","code":"AI_TIMEOUT"}\n\n'),
    );
    await expect(askStreamed('/ai-agent/chat', { message: 'Hola' })).rejects.toMatchObject({
      message: 'Tardó demasiado',
      status: 504,
      code: 'AI_TIMEOUT',
    });

    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ detail: 'Demasiadas consultas', code: 'THROTTLED' }), { status: 429 }));
    await expect(askStreamed('/ai-agent/chat', { message: 'Hola' })).rejects.toMatchObject({
      message: 'Demasiadas consultas',
      status: 429,
    });

    fetchMock.mockResolvedValueOnce(stream('event: sesiones\ndata: []\n\nevent: token\ndata: {"text":"Ho"}\n\n'));
    const cut = await askStreamed('/ai-agent/chat', { message: 'Hola' }).catch((e: unknown) => e);
    expect(cut).toBeInstanceOf(ApiError);
    expect(cut).toMatchObject({ message: NETWORK_ERROR_MESSAGE, status: 0 });
  });

  it('takes a JSON answer too', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ response: 'Hola', sesiones: [] }), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    await expect(askStreamed('/ai-agent/patient-chat', { message: 'Hola' })).resolves.toEqual({ response: 'Hola', sesiones: [] });
  });
});
