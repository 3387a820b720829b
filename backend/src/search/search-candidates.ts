import { dayCover, dayOf, dayStart, patientLexeme, therapistLexeme } from './search-buckets';
import { edgeSql, matchesSql, SEARCH_CANDIDATES, type SearchScope } from './search.sql';

/** Where a search looks: one patient's passages, or those of a therapist's practice. */
export type SearchPlace = { patientId: string; scope: SearchScope } | { therapistId: string; scope: SearchScope };

/**
 * A practice-wide search reads the days in rounds, back from the newest: one day first; then, from how many matches
 * the days read so far held, as many days as should hold the rest (a quarter more), at most 8 times the days read
 * (at once 8 times, while none matched). Once SAMPLE_ROUNDS rounds have been read, when what is left is expected to
 * hold at most twice the matches still missing, or after MAX_ROUNDS rounds, everything older is read in one statement:
 * newest first, only as many as are missing (so that when the newest days were few and unlike the rest, and the
 * estimate wrong, it reads what a search without rounds would). Each round reads only the matches of its days (the
 * GIN index knows their place: search-buckets.ts), so a common word reads about SEARCH_CANDIDATES rows of the newest
 * days, a rare one (or a rare combination of words) its few matches.
 */
const MAX_ROUNDS = 6;
const SAMPLE_ROUNDS = 2;
const GROWTH = 8;

interface Match {
  id: string;
  t: number;
}

/** Runs one statement (`?` placeholders) and answers its rows. */
export type Rows = <T>(sql: string, params: unknown[]) => Promise<T[]>;

/** The ids of the newest SEARCH_CANDIDATES passages of `place` that match `words` (a tsquery text). */
export async function searchCandidates(rows: Rows, place: SearchPlace, words: string): Promise<string[]> {
  const found = 'patientId' in place ? await readPatient(rows, place, words) : await readPractice(rows, place, words);
  return found
    .sort((a, b) => b.t - a.t || Number(b.id) - Number(a.id))
    .slice(0, SEARCH_CANDIDATES)
    .map((m) => m.id);
}

const read = (
  rows: Rows,
  scope: SearchScope,
  words: string,
  lexemes: string[],
  before: string | null = null,
  newest: number | null = null,
) => {
  const { sql, params } = matchesSql(scope, words, lexemes.join(' | '), before, newest);
  return rows<Match>(sql, params);
};

/** Appends `more` to `found` (a round may bring thousands: no spread into one call). */
function add(found: Match[], more: Match[]): void {
  for (const match of more) found.push(match);
}

/** One patient's passages are few: their newest matches at once. */
const readPatient = (rows: Rows, place: { patientId: string; scope: SearchScope }, words: string) =>
  read(rows, place.scope, words, [patientLexeme(place.patientId)], null, SEARCH_CANDIDATES);

/**
 * A practice's matches in rounds of days, newest first (MAX_ROUNDS, GROWTH), until SEARCH_CANDIDATES are found or
 * the oldest passage's day is read. The rounds start at the newest passage dated up to today: sessions dated later
 * (planned, or a mistyped year) are read first, in a round of their own, so that they cannot push the rounds away from
 * the practice's days.
 */
async function readPractice(rows: Rows, place: { therapistId: string; scope: SearchScope }, words: string): Promise<Match[]> {
  const { therapistId, scope } = place;
  const today = dayOf(Date.now());
  const edge = async (options: { before?: string | null; oldest?: boolean }) => {
    const { sql, params } = edgeSql(therapistId, scope, options);
    const [row] = await rows<{ fecha: string }>(sql, params);
    return row ? dayOf(row.fecha) : null;
  };
  const found: Match[] = [];
  const latest = await edge({});
  if (latest === null) return found;
  if (latest > today) add(found, await read(rows, scope, words, dayCover(therapistId, today + 1, latest)));
  const last = latest > today ? await edge({ before: dayStart(today + 1) }) : latest;
  if (last === null) return found;
  const first = (await edge({ oldest: true })) ?? last;
  const ahead = found.length;
  let covered = 0;
  let days = 1;
  for (let round = 0; round < MAX_ROUNDS && found.length < SEARCH_CANDIDATES && last - covered >= first; round++) {
    const rate = covered > 0 ? (found.length - ahead) / covered : 0;
    // What is left is expected to hold few more matches than are missing: read it all at once.
    if (round >= SAMPLE_ROUNDS && rate * (last - covered - first + 1) <= 2 * (SEARCH_CANDIDATES - found.length)) break;
    const to = last - covered;
    add(found, await read(rows, scope, words, dayCover(therapistId, Math.max(first, to - days + 1), to)));
    covered += days;
    const now = (found.length - ahead) / covered;
    const wanted = now > 0 ? Math.ceil((1.25 * (SEARCH_CANDIDATES - found.length)) / now) : Infinity;
    days = Math.max(1, Math.min(wanted, covered * GROWTH));
  }
  // The rest, newest first, only as many as are missing: the estimate may be wrong (the newest days may be few and
  // unlike the rest), and then this reads what a search without rounds would.
  if (found.length < SEARCH_CANDIDATES && last - covered >= first) {
    // With the therapist's column, the newest-first walk of their passages is one of PostgreSQL's choices.
    const own = { sql: `x.therapist_id = ? and ${scope.sql}`, params: [therapistId, ...scope.params] };
    const before = dayStart(last - covered + 1);
    add(found, await read(rows, own, words, [therapistLexeme(therapistId)], before, SEARCH_CANDIDATES - found.length));
  }
  return found;
}
