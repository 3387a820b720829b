import { searchTerms } from '@consulta/shared';
import { dayCover, dayOf, dayStart, placeLexemes } from '../src/search/search-buckets';
import { firstMatch, fragmentOf, turnStart } from '../src/search/search-fragment';
import { PASSAGE_WORDS, sessionPassages, type SessionSource } from '../src/search/search-passages';

// Pure parts of the session search: where a passage is (its day blocks), how sessions are cut into passages, and
// the fragment and turn of a match. The API's behaviour is in search.test.ts.

const THERAPIST = '3f2c9a1b-4d5e-4f3a-a1b2-c3d4e5f60718';
const PATIENT = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

/** The days a day-block lexeme stands for (d: 1 day, e: 8, f: 64, g: 512). */
function daysOf(lexeme: string): number[] {
  const [, level, block] = /^([defg])(\d+)k/.exec(lexeme)!;
  const size = { d: 1, e: 8, f: 64, g: 512 }[level as 'd' | 'e' | 'f' | 'g'];
  return Array.from({ length: size }, (_, i) => Number(block) * size + i);
}

describe('day blocks', () => {
  it('cover a window of days exactly, with few lexemes', () => {
    for (const [from, to] of [
      [120_758, 120_758],
      [120_755, 120_757],
      [120_000, 120_758],
      [119_735, 120_758],
      [100_000, 120_758],
      [120_001, 120_511],
    ]) {
      const cover = dayCover(THERAPIST, from, to);
      const days = cover.flatMap(daysOf).sort((a, b) => a - b);
      expect(days).toEqual(Array.from({ length: to - from + 1 }, (_, i) => from + i));
      // A round reads at most 768 days: at most 7 blocks of each level on either side, and one in the middle.
      if (to - from < 768) expect(cover.length).toBeLessThanOrEqual(2 * 3 * 7 + 1);
    }
    expect(dayCover(THERAPIST, 120_320, 120_831)).toEqual(['g235k3f2c9a1b4d5e']);
  });

  it('place a passage in every block of its day, with its patient and therapist', () => {
    const day = dayOf('2026-11-28T17:30:00.000Z');
    expect(dayStart(day)).toBe('2026-11-28T00:00:00.000Z');
    const place = placeLexemes(THERAPIST, PATIENT, day);
    expect(place.slice(0, 2)).toEqual(['p0a1b2c3d4e5f4a6b8c7d9e0f1a2b3c4d', 't3f2c9a1b4d5e4f3aa1b2c3d4e5f60718']);
    for (const [from, to] of [
      [day, day],
      [day - 100, day + 100],
    ]) {
      expect(dayCover(THERAPIST, from, to).filter((l) => place.includes(l))).toHaveLength(1);
    }
    // None of them is a word a query can hold: searched words are runs of letters or of digits.
    for (const lexeme of place) expect(searchTerms(lexeme)).not.toEqual([lexeme]);
  });
});

describe('passages', () => {
  const session = (fields: Partial<SessionSource>): SessionSource => ({
    id: 'b0f7c1de-8f0e-4c55-9d8e-0d2f6a4c7e11',
    patient_id: PATIENT,
    therapist_id: THERAPIST,
    fecha: '2026-11-28T17:30:00.000Z',
    notas: null,
    temas_importantes: null,
    observaciones: null,
    intencion: null,
    tipo_medicina: null,
    transcripcion: null,
    transcripcion_segmentos: null,
    analisis_ia: null,
    analisis_ia_paciente: null,
    campos_datos: null,
    ...fields,
  });
  const words = (n: number, word = 'palabra') => Array.from({ length: n }, () => word).join(' ');
  const wordsOf = (terms: string) => terms.split(' ').filter((t) => /^[a-z]+$|^\d+$/.test(t));

  it('packs whole turns up to 100 words, keeps each turn start, and cuts a longer turn in pieces', () => {
    const segments = [
      { speaker_label: 'Terapeuta', start_time: 1, end_time: 5, text: words(40) },
      { speaker_label: 'Paciente', start_time: 6, end_time: 9, text: words(50) },
      { speaker_label: 'Terapeuta', start_time: 10, end_time: 20, text: words(20) },
      { speaker_label: 'Paciente', start_time: 21, end_time: 99, text: words(230) },
    ];
    const passages = sessionPassages(session({ transcripcion_segmentos: segments }));
    expect(passages.map((p) => [p.campo, wordsOf(p.terms).length, p.turnos])).toEqual([
      [
        'transcripcion',
        92,
        [
          [0, 1],
          [331, 6],
        ],
      ],
      ['transcripcion', 21, [[0, 10]]],
      ['transcripcion', PASSAGE_WORDS, [[0, 21]]],
      ['transcripcion', PASSAGE_WORDS, [[0, 21]]],
      ['transcripcion', 31, [[0, 21]]],
    ]);
    expect(passages[0].texto).toBe(`Terapeuta: ${words(40)}\nPaciente: ${words(50)}`);
    expect(passages[0].texto.slice(331).startsWith('Paciente:')).toBe(true);
    // Every passage carries its place after its words.
    for (const p of passages)
      expect(p.terms.endsWith(placeLexemes(THERAPIST, PATIENT, dayOf('2026-11-28T17:30:00Z')).join(' '))).toBe(true);
  });

  it('reads texts line by line, without times, and custom fields by name (text only)', () => {
    const passages = sessionPassages(
      session({
        notas: 'Primera línea.\n\n  Segunda línea.  ',
        transcripcion: 'Hablante 1: Hola.\nHablante 2: Adiós.',
        campos_datos: { Motivo: 'Duelo', Intensidad: 7, Consentimiento: true, Vacío: '  ' },
      }),
    );
    expect(passages.map((p) => [p.campo, p.texto, p.turnos])).toEqual([
      ['notas', 'Primera línea.\nSegunda línea.', null],
      ['transcripcion', 'Hablante 1: Hola.\nHablante 2: Adiós.', null],
      ['Motivo', 'Duelo', null],
    ]);
  });
});

describe('fragments', () => {
  const text =
    'Al principio repasamos la semana con calma y sin prisa, hablamos del trabajo y de la familia. Más tarde aparece el ' +
    'recuerdo de la tormenta de su infancia, que todavía le quita el sueño algunas noches, y lo trabajamos con calma. ' +
    'Acordamos practicar la respiración antes de dormir y anotar los sueños que recuerde durante la semana que viene.';

  it('shows about 160 characters around the first match, cut at whitespace, with … where the text goes on', () => {
    const match = firstMatch(
      text,
      [['tormentas']].map((g) => g.map((w) => searchTerms(w)[0])),
    );
    expect(text.slice(match!.start, match!.end)).toBe('tormenta');
    const fragment = fragmentOf(text, match);
    expect(fragment).toMatch(/^….*tormenta de su infancia.*…$/);
    expect(fragment.length).toBeLessThanOrEqual(162);
    expect(text).toContain(fragment.slice(1, -1));
  });

  it('finds a phrase only with its words in order, and the turn it starts in', () => {
    const turns = 'Terapeuta: ¿Y el ataque?\nPaciente: Fue un ataque de pánico en el metro.';
    const phrase = [searchTerms('ataque de pánico')];
    const match = firstMatch(turns, phrase)!;
    expect(turns.slice(match.start, match.end)).toBe('ataque de pánico');
    expect(
      turnStart(
        [
          [0, 3.5],
          [25, 9.25],
        ],
        match,
      ),
    ).toBe(9.25);
    expect(turnStart(null, match)).toBeNull();
    expect(fragmentOf('Corto.', null)).toBe('Corto.');
  });
});
