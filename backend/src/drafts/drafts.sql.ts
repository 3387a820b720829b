import { isoTimestamp } from '../common/sql/iso-timestamp';

/** A draft in the answer's shape, straight from SQL, with the number its session would get now. */
export const DRAFT_COLUMNS = `
  d.id::text as draft_id, d.id::text as id, d.patient_id::text as paciente_id, d.therapist_id::text as terapeuta_id,
  d.titulo, d.descripcion, d.estado, d.progreso, d.mensaje_error, ${isoTimestamp('d.fecha')} as fecha,
  d.duracion_minutos, d.tipo_sesion, d.tipo_sesion_id::text as tipo_sesion_id, t.nombre as tipo_sesion_nombre,
  d.num_voces, d.notas, d.temas_importantes, d.intencion, d.tipo_medicina, d.cantidad, d.observaciones,
  d.campos_datos, d.archivo_video_info, d.analisis_ia_paciente, d.cita_id::text as cita_id,
  (select coalesce(max(x.numero_sesion), 0) + 1 from sessions x where x.patient_id = d.patient_id) as numero_sesion_siguiente,
  ${isoTimestamp('d.created_at')} as created_at, ${isoTimestamp('d.updated_at')} as updated_at`;

export const DRAFT_FROM = `from session_drafts d left join session_types t on t.id = d.tipo_sesion_id`;

/**
 * A draft as the list shows it: DRAFT_COLUMNS without the long texts. The transcript comes as much of it as its
 * preview needs (TRANSCRIPT_PREVIEW: the text's first characters, the first segments), cut here, so a list of many
 * long sessions stays small from the database on.
 */
export const DRAFT_LIST_COLUMNS = (previewChars: number, previewSegments: number) => `
  d.id::text as draft_id, d.id::text as id, d.patient_id::text as paciente_id, d.therapist_id::text as terapeuta_id,
  d.titulo, d.descripcion, d.estado, d.progreso, d.mensaje_error, ${isoTimestamp('d.fecha')} as fecha,
  d.duracion_minutos, d.tipo_sesion, d.tipo_sesion_id::text as tipo_sesion_id, t.nombre as tipo_sesion_nombre,
  d.num_voces, d.notas, d.temas_importantes, d.intencion, d.tipo_medicina, d.cantidad, d.observaciones, d.campos_datos,
  d.cita_id::text as cita_id, d.archivo_video_info - 'script_text' - 'transcript' - 'analisis_ia' as archivo_video_info,
  left(d.archivo_video_info ->> 'script_text', ${previewChars + 1}) as preview_text,
  jsonb_path_query_array(d.archivo_video_info -> 'transcript', '$[0 to ${previewSegments}]') as preview_segments,
  (select coalesce(max(x.numero_sesion), 0) + 1 from sessions x where x.patient_id = d.patient_id) as numero_sesion_siguiente,
  ${isoTimestamp('d.created_at')} as created_at, ${isoTimestamp('d.updated_at')} as updated_at`;

export const PROGRESS_COLUMNS = `
  d.id::text as draft_id, d.estado, d.progreso, d.archivo_video_info, d.mensaje_error, d.analisis_ia_paciente`;

/** The patient of draft `?` (`patient_id`; no row once the draft is gone). */
export const DRAFT_PATIENT_SQL = `select patient_id from session_drafts where id = ?`;
