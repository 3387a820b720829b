import type { PatientDetailDto, PatientItemDto } from './dto/patient-item.dto';

/**
 * Columns of a list item, plus the stored folded names used for sorting (not part of the answer). Session totals
 * come from the lateral `s`: constant 0 until the sessions table exists, then an aggregate over that patient's
 * sessions, still inside the same statement. terapeuta_id is the caller (every query filters on it), so it is not
 * read back.
 */
export const ITEM_COLUMNS = `
  p.id::text as id, p.nombre, p.apellido, p.edad, u.email, p.telefono_paciente,
  p.fecha_nacimiento::text as fecha_nacimiento, p.estado_civil, p.profesion_ocupacion, p.nivel_escolaridad,
  p.propuesta_terapia, p.ha_hecho_terapia, p.ha_hecho_psicodelicos, p.ha_hecho_constelaciones, p.tipo_servicio,
  extract(epoch from p.fecha_creacion)::float8 * 1000 as fecha_creacion,
  s.total_sesiones, s.total_tiempo_minutos,
  p.whatsapp_mensajeria_consentimiento, p.nombre_key, p.apellido_key`;

export const DETAIL_COLUMNS = `${ITEM_COLUMNS},
  p.telefono, p.fecha_ingreso::text as fecha_ingreso, p.estado_terapia, p.notas_terapeuticas,
  p.objetivos_terapia, p.plan_tratamiento, s.ultima_sesion, null::text as proxima_cita`;

export const FROM = `
  from patients p
  join users u on u.id = p.user_id
  cross join lateral (
    select 0::int as total_sesiones, 0::int as total_tiempo_minutos, null::text as ultima_sesion
  ) s`;

export type Row = Record<string, unknown>;

export const toItem = (r: Row, therapistId: string): PatientItemDto => ({
  id: r.id as string,
  nombre: r.nombre as string,
  apellido: r.apellido as string,
  edad: r.edad === null ? null : Number(r.edad),
  email: r.email as string,
  telefono_paciente: r.telefono_paciente as string | null,
  fecha_nacimiento: r.fecha_nacimiento as string | null,
  estado_civil: r.estado_civil as string | null,
  profesion_ocupacion: r.profesion_ocupacion as string | null,
  nivel_escolaridad: r.nivel_escolaridad as string | null,
  propuesta_terapia: r.propuesta_terapia as string | null,
  ha_hecho_terapia: r.ha_hecho_terapia as boolean | null,
  ha_hecho_psicodelicos: r.ha_hecho_psicodelicos as boolean | null,
  ha_hecho_constelaciones: r.ha_hecho_constelaciones as boolean | null,
  tipo_servicio: r.tipo_servicio as string | null,
  fecha_creacion: new Date(Number(r.fecha_creacion)).toISOString(),
  terapeuta_id: therapistId,
  total_sesiones: Number(r.total_sesiones),
  total_tiempo_minutos: Number(r.total_tiempo_minutos),
  whatsapp_mensajeria_consentimiento: r.whatsapp_mensajeria_consentimiento as boolean,
});

export const toDetail = (r: Row, therapistId: string): PatientDetailDto => ({
  ...toItem(r, therapistId),
  telefono: r.telefono as string | null,
  fecha_ingreso: r.fecha_ingreso as string | null,
  estado_terapia: r.estado_terapia as string,
  notas_terapeuticas: r.notas_terapeuticas as string | null,
  objetivos_terapia: r.objetivos_terapia as string | null,
  plan_tratamiento: r.plan_tratamiento as string | null,
  ultima_sesion: r.ultima_sesion as string | null,
  proxima_cita: r.proxima_cita as string | null,
});
