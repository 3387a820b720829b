/**
 * Where a passage is, said in its tsvector: besides its words, each passage carries lexemes for its scope and its
 * time, so that the GIN index alone narrows a search to a therapist's passages of some days, and the rows read are
 * those of the newest matches only (docs/decisions/search.md, "The query").
 *
 * Each is letters and digits mixed (what a searched word never is: the query's words are runs of letters or of
 * digits), so no query can name one, and the database's parser keeps each as one lexeme.
 *   p{patient}      the session's patient (a search within one patient);
 *   t{therapist}    the patient's therapist (the practice, before the days searched in rounds);
 *   d…, e…, f…, g…  the session's day, and its 8-, 64- and 512-day blocks, each with the therapist's key: a window of
 *                   days is a few of these (aligned blocks), whatever its length.
 */

/** Days are counted from 1696-03-10 (day 100,000 before 1970-01-01, UTC), so every session's is positive. */
const DAY_OFFSET = 100_000;
const DAY_MS = 86_400_000;

/** The block levels: the day, then blocks of 8, 64 and 512 days. */
const LEVELS = [
  { prefix: 'd', shift: 0 },
  { prefix: 'e', shift: 3 },
  { prefix: 'f', shift: 6 },
  { prefix: 'g', shift: 9 },
] as const;

const hex = (uuid: string): string => uuid.replace(/-/g, '').toLowerCase();
/** A therapist's key in the day lexemes (12 hex digits: a shared key would only cost rows read, never a wrong row). */
const keyOf = (therapistId: string): string => hex(therapistId).slice(0, 12);

/** A date's day number (UTC). */
export const dayOf = (date: Date | string | number): number => Math.max(0, Math.floor(new Date(date).getTime() / DAY_MS) + DAY_OFFSET);

/** The first instant of day `day` (UTC), as an ISO text. */
export const dayStart = (day: number): string => new Date((day - DAY_OFFSET) * DAY_MS).toISOString();

export const patientLexeme = (patientId: string): string => `p${hex(patientId)}`;
export const therapistLexeme = (therapistId: string): string => `t${hex(therapistId)}`;

const blockLexeme = (level: (typeof LEVELS)[number], block: number, key: string) => `${level.prefix}${block}k${key}`;

/** The lexemes that place a passage: its patient, its therapist and its day at every level. */
export function placeLexemes(therapistId: string, patientId: string, day: number): string[] {
  const key = keyOf(therapistId);
  return [patientLexeme(patientId), therapistLexeme(therapistId), ...LEVELS.map((l) => blockLexeme(l, day >> l.shift, key))];
}

/**
 * The fewest aligned blocks that cover days `from` to `to` (both included) of the therapist's passages, as lexemes:
 * from the newest day down, each time the largest block that ends there and does not reach before `from`.
 */
export function dayCover(therapistId: string, from: number, to: number): string[] {
  const key = keyOf(therapistId);
  const out: string[] = [];
  for (let day = to; day >= from;) {
    let level: (typeof LEVELS)[number] = LEVELS[0];
    for (const l of LEVELS) {
      const size = 1 << l.shift;
      const start = (day >> l.shift) << l.shift;
      if (start + size - 1 === day && start >= from) level = l;
    }
    out.push(blockLexeme(level, day >> level.shift, key));
    day = ((day >> level.shift) << level.shift) - 1;
  }
  return out;
}
