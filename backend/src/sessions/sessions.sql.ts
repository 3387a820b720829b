import { isoTimestamp } from '../common/sql/iso-timestamp';

/** A session in the answer's shape, straight from SQL: no entity hydration, no per-row mapping. */
export const SESSION_COLUMNS = `
  s.id::text as id, s.patient_id::text as paciente_id, s.therapist_id::text as terapeuta_id,
  ${isoTimestamp('s.fecha')} as fecha, s.numero_sesion, s.duracion_minutos,
  coalesce(s.tipo_sesion, t.nombre) as tipo_sesion, s.tipo_sesion_id::text as tipo_sesion_id,
  t.nombre as tipo_sesion_nombre, (s.tipo_sesion_id is not null) as personalizada,
  s.num_voces, s.notas, s.temas_importantes, s.intencion, s.tipo_medicina, s.cantidad, s.observaciones,
  s.campos_datos, s.video_url, s.transcripcion, s.analisis_ia, s.analisis_ia_paciente,
  ${isoTimestamp('s.created_at')} as created_at, ${isoTimestamp('s.updated_at')} as updated_at`;

export const SESSION_FROM = `from sessions s left join session_types t on t.id = s.tipo_sesion_id`;
