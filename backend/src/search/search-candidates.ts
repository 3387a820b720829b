import { dayCover, dayOf, dayStart, patientLexeme, therapistLexeme } from './search-buckets';
import { matchesSql, newestSql, SEARCH_CANDIDATES, type SearchScope } from './search.sql';

/** Where a search looks: one patient's passages, or those of a therapist's practice. */
export type SearchPlace = { patientId: string; scope: SearchScope } | { therapistId: string; scope: SearchScope };

/**
 * The days a practice-wide search reads in turn, back from its newest passage's day: that day, then up to 4, 16, 64,
 * 256 and 1,024 days back, then everything older. Each round reads only the matches of its days (the GIN index knows
 * their place: search-buckets.ts) and the rounds stop once SEARCH_CANDIDATES are found, so a common word reads about
 * that many rows from the newest days, a rare one a few rows from all of them.
 */
const ROUND_DAYS = [1, 4, 16, 64, 256, 1024];

interface Match {
  id: string;
  t: number;
}

/** Runs one statement (`?` placeholders) and answers its rows. */
export type Rows = <T>(sql: string, params: unknown[]) => Promise<T[]>;

/** The ids of the newest SEARCH_CANDIDATES passages of `place` that match `words` (a tsquery text). */
export async function searchCandidates(rows: Rows, place: SearchPlace, words: string): Promise<string[]> {
  const read = (lexemes: string[], before: string | null = null) => {
    const { sql, params } = matchesSql(place.scope, words, lexemes.join(' | '), before);
    return rows<Match>(sql, params);
  };
  let found: Match[];
  if ('patientId' in place) {
    found = await read([patientLexeme(place.patientId)]);
  } else {
    found = [];
    const anchor = newestSql(place.therapistId, place.scope);
    const [newest] = await rows<{ fecha: string }>(anchor.sql, anchor.params);
    if (!newest) return [];
    const last = dayOf(newest.fecha);
    let to = last;
    for (const days of ROUND_DAYS) {
      const from = Math.max(0, last - days + 1);
      if (from <= to) found.push(...(await read(dayCover(place.therapistId, from, to))));
      to = from - 1;
      if (found.length >= SEARCH_CANDIDATES || to < 0) break;
    }
    if (found.length < SEARCH_CANDIDATES && to >= 0) found.push(...(await read([therapistLexeme(place.therapistId)], dayStart(to + 1))));
  }
  return found
    .sort((a, b) => b.t - a.t || Number(b.id) - Number(a.id))
    .slice(0, SEARCH_CANDIDATES)
    .map((m) => m.id);
}
