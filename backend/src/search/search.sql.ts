import { isoTimestamp } from '../common/sql/iso-timestamp';
import { joinPatient } from '../patients/patient-reads.sql';
import { joinSession } from '../sessions/session-reads.sql';

/**
 * A search ranks at most this many matching passages, the newest: a word found almost everywhere still answers in a
 * few milliseconds, ranked among the latest sessions; a rarer word is ranked among all its matches. 1,000 left no
 * room under the 50 ms budget on the benchmark (docs/decisions/search.md).
 */
export const SEARCH_CANDIDATES = 500;

/** Which passages (`x`) a search may reach, as a condition and its parameters: one patient's, or a practice's. */
export interface SearchScope {
  sql: string;
  params: unknown[];
}

/**
 * The date of the therapist's newest passage in the scope, or of the newest before `before`, or (`oldest`) of the
 * oldest: none when there is none.
 */
export const edgeSql = (
  therapistId: string,
  scope: SearchScope,
  { before = null, oldest = false }: { before?: string | null; oldest?: boolean },
) => ({
  sql: `select ${isoTimestamp('x.fecha')} as fecha from session_search_passages x
    where x.therapist_id = ? and ${scope.sql}${before ? ' and x.fecha < ?::timestamptz' : ''} order by x.fecha ${oldest ? 'asc' : 'desc'} limit 1`,
  params: [therapistId, ...scope.params, ...(before ? [before] : [])],
});

/**
 * The passages in the scope that match the query's tsquery text (`words`) and its place (`place`: lexemes of
 * search-buckets.ts, ANDed with it), older than `before` when given: their ids and dates (ms). The GIN index reads both,
 * so only the rows that match are read. With `newest`, only that many, the newest (PostgreSQL then chooses between
 * walking the newest passages and reading the matches from the GIN index).
 */
export function matchesSql(scope: SearchScope, words: string, place: string, before: string | null, newest: number | null = null) {
  return {
    sql: `select x.id::text as id, (extract(epoch from x.fecha) * 1000)::float8 as t from session_search_passages x
    where x.tsv @@ (to_tsquery('simple', ?) && ?::tsquery) and ${scope.sql}${before ? ' and x.fecha < ?::timestamptz' : ''}
    ${newest === null ? '' : 'order by x.fecha desc limit ?'}`,
    params: [words, place, ...scope.params, ...(before ? [before] : []), ...(newest === null ? [] : [newest])],
  };
}

/**
 * The candidates (a JSON array of passage ids) ranked: the best passage of each (session, field) by cover density
 * (ts_rank_cd: how many of the query's words, how close together), then the newest session, then its number and the
 * field (so that ties fall alike in both modes); the first `limit`, with what the answer shows. Parameters: the
 * tsquery text, the ids, the limit.
 */
export const RANKED_SQL = `
with best as (
  select distinct on (x.session_id, x.campo) x.id, x.session_id, x.campo, x.fecha, ts_rank_cd(x.tsv, to_tsquery('simple', ?)) as score
  from jsonb_array_elements_text(?::jsonb) c
  cross join lateral (select y.id, y.session_id, y.campo, y.fecha, y.tsv from session_search_passages y where y.id = c.value::bigint) x
  order by x.session_id, x.campo, score desc, x.id
),
top as (
  select b.*, s.numero_sesion, s.patient_id from best b ${joinSession('b.session_id')}
  order by b.score desc, b.fecha desc, s.numero_sesion desc, b.campo, b.session_id limit ?
)
select t.session_id::text as sesion_id, t.patient_id::text as paciente_id, trim(p.nombre || ' ' || p.apellido) as paciente_nombre,
  t.numero_sesion, ${isoTimestamp('t.fecha')} as fecha, t.campo, x.texto, x.turnos
from top t
join session_search_passages x on x.id = t.id
${joinPatient('t.patient_id')}
order by t.score desc, t.fecha desc, t.numero_sesion desc, t.campo, t.session_id`;
