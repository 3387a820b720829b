import { groupAt, searchTokens } from '@consulta/shared';
import type { PassageTurns } from './entities/session-search-passage.entity';

/** A fragment is about this many characters. */
export const FRAGMENT_CHARS = 160;
/** The match starts about this far into it (what leads to it is read first). */
const LEAD_CHARS = 50;

/** Where the first match of any of the query's groups is in `texto` (null if none is: the index said otherwise). */
export function firstMatch(texto: string, groups: string[][]): { start: number; end: number } | null {
  const tokens = searchTokens(texto);
  const terms = tokens.map((t) => t.term);
  for (let i = 0; i < tokens.length; i++) {
    for (const group of groups) if (groupAt(terms, group, i)) return { start: tokens[i].start, end: tokens[i + group.length - 1].end };
  }
  return null;
}

const isSpace = (c: string | undefined) => c === undefined || /\s/.test(c);

/**
 * About FRAGMENT_CHARS characters of `texto` around `match`, the match whole, cut at whitespace, its whitespace
 * (the transcript's line breaks too) as single spaces, and '…' where the text goes on.
 */
export function fragmentOf(texto: string, match: { start: number; end: number } | null): string {
  const at = match ?? { start: 0, end: 0 };
  let from = Math.max(0, at.start - LEAD_CHARS);
  let to = Math.min(texto.length, Math.max(from + FRAGMENT_CHARS, at.end));
  if (to - from < FRAGMENT_CHARS) from = Math.max(0, to - FRAGMENT_CHARS);
  // Whole words only: a cut inside a word moves to the nearest space, never across the match.
  while (from > 0 && from < at.start && !isSpace(texto[from - 1])) from++;
  while (to < texto.length && to > at.end && !isSpace(texto[to])) to--;
  const inner = texto.slice(from, to).replace(/\s+/g, ' ').trim();
  return `${from > 0 ? '…' : ''}${inner}${to < texto.length ? '…' : ''}`;
}

/** The start of the turn the match is in: the last turn that begins at or before it (null without times). */
export function turnStart(turnos: PassageTurns | null, match: { start: number } | null): number | null {
  if (!turnos || turnos.length === 0) return null;
  let start = turnos[0][1];
  for (const [offset, seconds] of turnos) if (offset <= (match?.start ?? 0)) start = seconds;
  return start;
}
