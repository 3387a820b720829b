import { isoTimestamp } from '../common/sql/iso-timestamp';

/**
 * A search matches at most this many passages, the newest first, before ranking them: a word found almost
 * everywhere (in tens of thousands of passages) still answers in a few milliseconds, ranked among the most recent
 * sessions; a rarer word is ranked among all its matches.
 */
export const SEARCH_CANDIDATES = 2000;

/** Which passages (`x`) a search may reach, as a condition and its parameters: one patient's, or a practice's. */
export interface SearchScope {
  sql: string;
  params: unknown[];
}

/**
 * The best passage of each (session, field) among the candidates, best first: ranked by cover density
 * (ts_rank_cd: how many of the query's words, how close together), then the newest session. Parameters: the
 * tsquery text, then the scope's, the cap, the tsquery again and the limit.
 */
export function searchSql(where: SearchScope): { sql: string; params: (params: { tsquery: string; limit: number }) => unknown[] } {
  const sql = `
with candidates as materialized (
  select x.id from session_search_passages x
  where x.tsv @@ to_tsquery('simple', ?) and ${where.sql}
  order by x.fecha desc limit ?
),
ranked as (
  select x.id, x.session_id, x.campo, x.fecha, ts_rank_cd(x.tsv, to_tsquery('simple', ?)) as score
  from candidates c join session_search_passages x on x.id = c.id
),
best as (
  select distinct on (r.session_id, r.campo) r.* from ranked r order by r.session_id, r.campo, r.score desc, r.id
)
select b.session_id::text as sesion_id, s.patient_id::text as paciente_id, trim(p.nombre || ' ' || p.apellido) as paciente_nombre,
  s.numero_sesion, ${isoTimestamp('s.fecha')} as fecha, b.campo, x.texto, x.turnos
from best b
join session_search_passages x on x.id = b.id
join sessions s on s.id = b.session_id
join patients p on p.id = s.patient_id
order by b.score desc, b.fecha desc, s.numero_sesion desc, b.campo, b.session_id
limit ?`;
  return {
    sql,
    params: ({ tsquery, limit }) => [tsquery, ...where.params, SEARCH_CANDIDATES, tsquery, limit],
  };
}
