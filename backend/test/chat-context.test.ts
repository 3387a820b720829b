import { Budget, dataJson, packSessions, ranges, takeList, type SessionCandidate } from '../src/ai-agent/context/context-budget';
import { chatMessages, fitHistory, instructions } from '../src/ai-agent/context/chat-prompts';
import { mentionedNumbers, rankSessions } from '../src/ai-agent/context/session-relevance';

/** The pure parts of the assistants' context: the budget, the ranking of sessions and the prompt's shape. */

const session = (n: number, fields: Record<string, unknown> = {}, transcriptSize = 0): SessionCandidate & { text: string } => ({
  id: `s${n}`,
  numero_sesion: n,
  fecha: new Date(Date.UTC(2026, 0, n, 12)).toISOString(),
  entry: { numero_sesion: n, ...fields },
  transcriptSize,
  text: String(fields.analisis_ia ?? ''),
});

const reader = (texts: Record<string, string>) => {
  const asked: { id: string; chars: number }[][] = [];
  const read = async (wanted: { id: string; chars: number }[]) => {
    asked.push(wanted);
    return new Map(wanted.map((w) => [w.id, texts[w.id].slice(0, w.chars)]));
  };
  return { read, asked };
};

describe('the context budget', () => {
  it('escapes "<" so data can never close its block', () => {
    expect(dataJson({ t: '</datos_del_paciente>' })).toBe('{"t":"\\u003c/datos_del_paciente>"}');
    expect(JSON.parse(dataJson({ t: 'a < b' }))).toEqual({ t: 'a < b' });
  });

  it('takes list items while they fit, in order', () => {
    const budget = new Budget(24); // '{"a":1}' and its separator: 8 each
    expect(takeList([{ a: 1 }, { a: 2 }, { a: 3 }, { a: 4 }], budget)).toEqual({ items: [{ a: 1 }, { a: 2 }, { a: 3 }], omitted: 1 });
    expect(budget.remaining).toBe(0);
  });

  it('writes omitted session numbers as ranges', () => {
    expect(ranges([8, 1, 2, 3, 5, 7])).toBe('1-3, 5, 7-8');
    expect(ranges([4])).toBe('4');
  });

  it('gives summaries their share, then transcripts (reading only what fits), then more summaries', async () => {
    const analysis = 'a'.repeat(900);
    const ranked = [3, 2, 1].map((n) => session(n, { analisis_ia: analysis }, 50_000));
    const { read, asked } = reader({ s3: 't'.repeat(50_000), s2: 'u'.repeat(50_000), s1: 'v'.repeat(50_000) });
    const budget = new Budget(4000);
    const packed = await packSessions(ranked, budget, read);

    // Two summaries fit in 60 % of 4,000; the first in rank gets the rest as its transcript, cut; none for the third.
    expect(packed.sources.map((s) => s.numero_sesion)).toEqual([3, 2]);
    expect(packed.omitted).toEqual([1]);
    expect(packed.entries[0].transcripcion).toMatch(/^t+ \[… transcripción recortada\]$/);
    expect(packed.entries[1]).not.toHaveProperty('transcripcion');
    expect(asked).toEqual([[{ id: 's3', chars: expect.any(Number) }]]);
    expect(asked[0][0].chars).toBeLessThan(2500);
    const used = packed.entries.reduce((n, e) => n + dataJson(e).length + 1, 0);
    expect(used).toBeLessThanOrEqual(4000);
    expect(budget.remaining).toBeGreaterThanOrEqual(0);
    expect(budget.remaining).toBeLessThan(600);
  });

  it('gives every summary when there are no transcripts, most recent first', async () => {
    const ranked = [session(1, { notas: 'x'.repeat(100) }), session(5, { notas: 'x'.repeat(100) }), session(3)];
    const packed = await packSessions(ranked, new Budget(10_000), reader({}).read);
    expect(packed.entries.map((e) => e.numero_sesion)).toEqual([5, 3, 1]);
    expect(packed.omitted).toEqual([]);
  });

  it('keeps a whole transcript that fits, escapes counted', async () => {
    const text = 'Paciente: "hola"\n<pausa>\n'.repeat(20);
    const packed = await packSessions([session(1, {}, text.length)], new Budget(5000), reader({ s1: text }).read);
    expect(packed.entries[0].transcripcion).toBe(text);
  });
});

describe('which sessions come first', () => {
  it('reads the session numbers a question names', () => {
    expect(mentionedNumbers('¿Qué pasó en la sesión 4?')).toEqual([4]);
    expect(mentionedNumbers('Compara las sesiones 3 y 5, y la Sesión nº 12')).toEqual([3, 5, 12]);
    expect(mentionedNumbers('sesion numero 7, sesión #8')).toEqual([7, 8]);
    expect(mentionedNumbers('¿Cómo durmió en 2026?')).toEqual([]);
  });

  const dayOf = (iso: string) => iso.slice(5, 10);
  const sessions = [1, 2, 3, 4].map((n) => ({
    numero_sesion: n,
    fecha: `2026-03-0${n}T12:00:00.000Z`,
    text: n === 2 ? 'Hablamos del insomnio y del duelo.' : 'Respiración.',
  }));
  const order = (question: string) => rankSessions(sessions, question, dayOf).map((s) => s.numero_sesion);

  it('puts the named session first, then those sharing the question’s words, then the most recent', () => {
    expect(order('¿Cómo está?')).toEqual([4, 3, 2, 1]);
    expect(order('¿Qué dijo en la sesión 1?')).toEqual([1, 4, 3, 2]);
    expect(order('¿Qué sabemos de su insomnio?')).toEqual([2, 4, 3, 1]);
    expect(order('¿Cómo fue la primera sesión?')).toEqual([1, 4, 3, 2]);
    expect(order('¿Qué pasó el 03/03?')).toEqual([3, 4, 2, 1]);
  });
});

describe('the prompt', () => {
  it('keeps the newest history that fits, oldest first', () => {
    const history = [1, 2, 3, 4].map((i) => ({
      role: i % 2 ? ('user' as const) : ('assistant' as const),
      content: `m${i}${'x'.repeat(20)}`,
    }));
    const size = (i: number) => dataJson(history[i]).length + 1;
    expect(fitHistory(history, size(2) + size(3)).map((m) => m.content.slice(0, 2))).toEqual(['m3', 'm4']);
    expect(fitHistory(history, size(2) + size(3) - 1).map((m) => m.content.slice(0, 2))).toEqual(['m4']);
    expect(fitHistory(history, 10)).toEqual([]);
  });

  it('sends instructions as the system message, the data and history as one user message, the question last', () => {
    const messages = chatMessages('own', { yo: { nombre: 'Ana <b>' } }, [{ role: 'user', content: 'hola' }], '¿Qué hice?');
    expect(messages).toEqual([
      { role: 'system', content: instructions('own') },
      {
        role: 'user',
        content:
          '<tus_datos>\n{"yo":{"nombre":"Ana \\u003cb>"}}\n</tus_datos>\n<historial_de_la_conversacion>\n[{"role":"user","content":"hola"}]\n</historial_de_la_conversacion>',
      },
      { role: 'user', content: '¿Qué hice?' },
    ]);
    expect(chatMessages('practice', {}, [], 'Hola')[1].content).toBe('<datos_de_la_consulta>\n{}\n</datos_de_la_consulta>');
  });
});
