/**
 * How the session search reads Spanish as people type it: the same normalization for the indexed texts (server)
 * and for the query, and for the UI that marks the matching words in a fragment.
 *
 * A word is a run of letters or a run of digits ('covid19' is two words, 'covid' then '19'); it is lowercased, its
 * accents folded (NFD, combining marks dropped: 'respiración' → 'respiracion', 'ñ' → 'n'), anything left outside
 * a-z and 0-9 dropped, and it is cut at 64 characters. Then a light Spanish stemmer joins the forms of a word.
 */

/** A word of a text: its normalized form and where the original word is (`text.slice(start, end)`). */
export interface SearchToken {
  term: string;
  start: number;
  end: number;
}

/** Longer words are cut here (both sides alike): an index entry stays small whatever a text holds. */
const MAX_TERM = 64;

const WORD = /[\p{L}\p{M}]+|\p{N}+/gu;
const MARKS = /\p{M}/gu;
const NOT_ASCII_WORD = /[^a-z0-9]/g;
const ASCII_LETTERS = /^[a-z]+$/;

/**
 * A light Spanish stemmer after Jacques Savoy's ("Report on CLEF-2001 experiments", as in Lucene's
 * SpanishLightStemmer): the final vowel and the plural endings go, so singular and plural, masculine and feminine
 * meet ('ansiedades' → 'ansiedad', 'preocupados' and 'preocupada' → 'preocupad', 'voces' → 'voz', 'meses' → 'mes').
 * Lucene leaves words of fewer than 5 letters whole, which parts 'hijo' from 'hijos' ('hij') and 'año' from
 * 'años'; here a 4-letter word loses its final vowel, or the 's' of a final vowel + 's' ('hijo' → 'hij', 'años' →
 * 'ano' like 'año', 'ojos' → 'ojo'). Words of up to 3 letters stay whole. Takes a folded lowercase word.
 */
export function stemSpanish(word: string): string {
  const n = word.length;
  if (n < 4) return word;
  const last = word[n - 1];
  if (last === 'o' || last === 'a' || last === 'e') return word.slice(0, -1);
  if (last !== 's') return word;
  const before = word[n - 2];
  const vowelS = before === 'o' || before === 'a' || before === 'e';
  if (n === 4) return vowelS ? word.slice(0, -1) : word;
  if (before === 'e' && word[n - 3] === 's' && word[n - 4] === 'e') return word.slice(0, -2);
  if (before === 'e' && word[n - 3] === 'c') return `${word.slice(0, -3)}z`;
  return vowelS ? word.slice(0, -2) : word;
}

/** A word as the index holds it ('' when nothing searchable is left of it, e.g. a word in another alphabet). */
export function normalizeWord(word: string): string {
  const lower = word.toLowerCase();
  // Most words need no folding: the index reads millions of them.
  const folded = ASCII_LETTERS.test(lower) ? lower : lower.normalize('NFD').replace(MARKS, '').replace(NOT_ASCII_WORD, '');
  const term = folded.slice(0, MAX_TERM);
  return ASCII_LETTERS.test(term) ? stemSpanish(term) : term;
}

/** The words of `text` in order, normalized, with where each is (words with nothing searchable left are skipped). */
export function searchTokens(text: string): SearchToken[] {
  const tokens: SearchToken[] = [];
  for (const match of text.matchAll(WORD)) {
    const term = normalizeWord(match[0]);
    if (term) tokens.push({ term, start: match.index, end: match.index + match[0].length });
  }
  return tokens;
}

/** The normalized words of `text`, in order. */
export const searchTerms = (text: string): string[] => searchTokens(text).map((t) => t.term);

/** Quotes that open or close a phrase: straight, typographic and Spanish angle quotes. */
const QUOTES = /["“”«»]/;

/**
 * A query as groups of normalized words, every group required: a word alone is a group of one; a quoted phrase
 * ("ataque de pánico") is its words in that order, next to each other; a written word that is several words
 * ('auto-estima', 'covid19') is a phrase too, since the texts are read that way. An unclosed quote runs to the
 * end. Repeated groups count once; none means nothing searchable was typed.
 */
export function parseSearchQuery(q: string): string[][] {
  const groups = new Map<string, string[]>();
  const add = (terms: string[]) => {
    if (terms.length > 0) groups.set(terms.join(' '), terms);
  };
  q.split(QUOTES).forEach((part, i) => {
    if (i % 2 === 1) return add(searchTerms(part));
    for (const word of part.split(/\s+/)) add(searchTerms(word));
  });
  return [...groups.values()];
}

/** Whether `terms` hold the group `group` starting at `at`. */
export const groupAt = (terms: readonly string[], group: readonly string[], at: number): boolean =>
  group.every((term, k) => terms[at + k] === term);
