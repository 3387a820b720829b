import { isoTimestamp } from '../common/sql/iso-timestamp';
import { joinPatient } from '../patients/patient-reads.sql';
import { joinSession, sessionsAs } from '../sessions/session-reads.sql';

/**
 * The index's tables. Derived from the sessions, they are left out of backups: a restored installation rebuilds
 * them with its own version's normalization (the sweep at start).
 */
export const SEARCH_INDEX_TABLES = ['session_search_passages', 'session_search_state'] as const;

/**
 * Gathers the planner's statistics of the index: after a bulk fill, until they are there, a search plans as for an
 * empty index (10-20 times slower); the embedded engine never gathers them by itself.
 */
export const ANALYZE_INDEX_SQL = `analyze ${SEARCH_INDEX_TABLES.join(', ')}`;

/** Forgets which versions the index holds: the next sweep rebuilds every session (`search:reindex --all`). */
export const FORGET_STATE_SQL = `delete from session_search_state`;

/** The ids of a JSON array parameter, as a sub-select. */
const IDS = `select value::uuid from jsonb_array_elements_text(?::jsonb)`;

/**
 * What the index reads of sessions `?` (a JSON array of ids), each locked against other writes (FOR NO KEY UPDATE:
 * a write of the session, or another rebuild of it, waits until this one commits), so the passages written are
 * always those of the session as it is. `updated_at` is kept as the database's own text (microseconds and all) for
 * the state row.
 */
export const SOURCE_SQL = `select s.id::text as id, s.updated_at::text as updated_at, s.patient_id::text as patient_id,
  p.therapist_id::text as therapist_id, ${isoTimestamp('s.fecha')} as fecha, s.notas, s.temas_importantes, s.observaciones,
  s.intencion, s.tipo_medicina, s.transcripcion, s.transcripcion_segmentos, s.analisis_ia, s.analisis_ia_paciente,
  s.campos_datos
  from ${sessionsAs('s')} ${joinPatient('s.patient_id')} where s.id in (${IDS}) order by s.id for no key update of s`;

export const DELETE_PASSAGES_SQL = `delete from session_search_passages where session_id in (${IDS})`;

/** New passages (a JSON array of PassageRow), with their session's patient, therapist and date. */
export const INSERT_PASSAGES_SQL = `insert into session_search_passages (session_id, patient_id, therapist_id, fecha, campo, texto, turnos, terms)
  select x.session_id, s.patient_id, p.therapist_id, s.fecha, x.campo, x.texto, x.turnos, x.terms
  from jsonb_to_recordset(?::jsonb) as x(session_id uuid, campo text, texto text, turnos jsonb, terms text)
  ${joinSession('x.session_id')} ${joinPatient('s.patient_id')}`;

/** The version each session was indexed at (a JSON array of { session_id, updated_at }), and the index's format. */
export const WRITE_STATE_SQL = `insert into session_search_state (session_id, session_updated_at, version, indexed_at)
  select x.session_id, x.updated_at, ?, now() from jsonb_to_recordset(?::jsonb) as x(session_id uuid, updated_at timestamptz)
  on conflict (session_id) do update set session_updated_at = excluded.session_updated_at, version = excluded.version,
    indexed_at = excluded.indexed_at`;

/**
 * The next `?` sessions after id `?` (in id order) that the index does not hold as they are: never indexed, changed
 * since, or indexed in an older format (`?`).
 */
export const STALE_SQL = `select s.id::text as id from ${sessionsAs('s')} left join session_search_state st on st.session_id = s.id
  where s.id > ?::uuid and (st.session_id is null or st.session_updated_at is distinct from s.updated_at or st.version <> ?)
  order by s.id limit ?`;
