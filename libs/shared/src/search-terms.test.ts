import { describe, expect, it } from 'vitest';
import { normalizeWord, parseSearchQuery, searchTerms, searchTokens, stemSpanish } from './search-terms';

const same = (...words: string[]) => new Set(words.map(normalizeWord));

describe('normalizeWord', () => {
  it('folds accents and case, with or without them typed', () => {
    expect(same('respiracion', 'respiración', 'RESPIRACIÓN', 'respiraciones')).toEqual(new Set(['respiracion']));
    // A decomposed accent (o + U+0301, as some keyboards send it) is the same word.
    expect(normalizeWord('respiracio\u0301n')).toBe('respiracion');
    expect(normalizeWord('Ñandú')).toBe('nandu');
  });

  it('joins singular and plural, masculine and feminine', () => {
    expect(same('ansiedad', 'ansiedades')).toEqual(new Set(['ansiedad']));
    expect(same('miedo', 'miedos')).toEqual(new Set(['mied']));
    expect(same('preocupada', 'preocupado', 'preocupados', 'preocupadas')).toEqual(new Set(['preocupad']));
    expect(same('voz', 'voces')).toEqual(new Set(['voz']));
    expect(same('mes', 'meses')).toEqual(new Set(['mes']));
    expect(same('emoción', 'emociones')).toEqual(new Set(['emocion']));
    expect(same('feliz', 'felices')).toEqual(new Set(['feliz']));
    expect(same('padre', 'padres')).toEqual(new Set(['padr']));
  });

  it('keeps words of up to 3 letters whole, and joins the 4-letter ones with their forms', () => {
    expect(['yo', 'voz', 'sol', 'mal', 'de', 'y'].map(normalizeWord)).toEqual(['yo', 'voz', 'sol', 'mal', 'de', 'y']);
    expect(same('hijo', 'hijos', 'hija', 'hijas')).toEqual(new Set(['hij']));
    expect(same('año', 'años')).toEqual(new Set(['ano']));
    expect(same('ojo', 'ojos')).toEqual(new Set(['ojo']));
    expect(same('casa', 'casas')).toEqual(new Set(['cas']));
    expect(normalizeWord('tres')).toBe('tre');
    expect(normalizeWord('bien')).toBe('bien');
  });

  it('stems only letters: numbers stay as written', () => {
    expect(normalizeWord('2024')).toBe('2024');
    expect(stemSpanish('casas')).toBe('cas');
  });

  it('drops what is outside a-z and 0-9 after folding (another alphabet leaves nothing)', () => {
    expect(normalizeWord('жизнь')).toBe('');
    expect(normalizeWord('x'.repeat(100))).toHaveLength(64);
  });
});

describe('searchTokens', () => {
  it('reads runs of letters and runs of digits, with where each is in the text', () => {
    const text = 'Sesión 3: «covid19», auto-estima.';
    const tokens = searchTokens(text);
    expect(tokens.map((t) => t.term)).toEqual(['sesion', '3', 'covid', '19', 'aut', 'estim']);
    expect(tokens.map((t) => text.slice(t.start, t.end))).toEqual(['Sesión', '3', 'covid', '19', 'auto', 'estima']);
  });

  it('skips words with nothing searchable left, so both sides count words alike', () => {
    expect(searchTerms('hola жизнь mundo')).toEqual(['hol', 'mund']);
  });
});

describe('parseSearchQuery', () => {
  it('reads words, each required', () => {
    expect(parseSearchQuery('  Ansiedades   respiración ')).toEqual([['ansiedad'], ['respiracion']]);
  });

  it('reads a quoted phrase as its words in order, with any kind of quotes', () => {
    expect(parseSearchQuery('"ataque de pánico" madre')).toEqual([['ataqu', 'de', 'panic'], ['madr']]);
    expect(parseSearchQuery('«mi madre» “la casa”')).toEqual([
      ['mi', 'madr'],
      ['la', 'cas'],
    ]);
  });

  it('runs an unclosed quote to the end, and reads a word made of several as a phrase', () => {
    expect(parseSearchQuery('miedo "a la noche')).toEqual([['mied'], ['a', 'la', 'noch']]);
    expect(parseSearchQuery('auto-estima')).toEqual([['aut', 'estim']]);
  });

  it('counts a repeated group once, and answers nothing for a query without searchable words', () => {
    expect(parseSearchQuery('miedo miedos MIEDO')).toEqual([['mied']]);
    expect(parseSearchQuery('¿? ... "" ')).toEqual([]);
    expect(parseSearchQuery('жизнь')).toEqual([]);
  });
});
