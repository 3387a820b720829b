import { isoTimestamp } from '../common/sql/iso-timestamp';

/** What a list row shows of a session, in the answer's shape, straight from SQL (no entity hydration, no mapping). */
const SUMMARY_BASE = `
  s.id::text as id, s.patient_id::text as paciente_id, s.therapist_id::text as terapeuta_id,
  ${isoTimestamp('s.fecha')} as fecha, s.numero_sesion, s.duracion_minutos,
  coalesce(s.tipo_sesion, t.nombre) as tipo_sesion, s.tipo_sesion_id::text as tipo_sesion_id,
  t.nombre as tipo_sesion_nombre, (s.tipo_sesion_id is not null) as personalizada, s.num_voces, s.video_url, s.analisis_estado,
  ${isoTimestamp('s.created_at')} as created_at, ${isoTimestamp('s.updated_at')} as updated_at`;

/** One whole session (GET, and the answers of POST, PATCH and DELETE). */
export const SESSION_COLUMNS = `${SUMMARY_BASE},
  s.notas, s.temas_importantes, s.intencion, s.tipo_medicina, s.cantidad, s.observaciones, s.campos_datos,
  s.transcripcion, s.transcripcion_segmentos, s.analisis_ia, s.analisis_ia_paciente, s.analisis_ia_paciente_publicado`;

/** A session of a list: no texts (a list of hour-long transcripts would weigh megabytes), only whether they exist. */
export const SUMMARY_COLUMNS = `${SUMMARY_BASE}, s.transcripcion is not null as tiene_transcripcion,
  s.analisis_ia is not null as tiene_analisis_ia, s.analisis_ia_paciente is not null as tiene_analisis_ia_paciente`;

export const SESSION_FROM = `from sessions s left join session_types t on t.id = s.tipo_sesion_id`;

/** The patient of session `?` (`patient_id`; no row once the session is gone). */
export const SESSION_PATIENT_SQL = `select patient_id from sessions where id = ?`;
