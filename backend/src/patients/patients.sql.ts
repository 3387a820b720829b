import { nextAppointmentSql } from '../agenda/appointments.sql';
import { isoTimestamp } from '../common/sql/iso-timestamp';
import { safetyAlertSql } from '../questionnaires/questionnaires.sql';
import type { PatientDetailDto, PatientItemDto } from './dto/patient-item.dto';

/** The ids of the patients of therapist `therapist` (a column or a placeholder): a sub-select for other modules' queries. */
export const patientIdsOfTherapistSql = (therapist: string): string => `select id from patients where therapist_id = ${therapist}`;

/**
 * Columns of a list item, already in the answer's shape, plus the stored folded names the list sorts on (left
 * out of the answer by ITEM_FIELDS). The session totals are columns of the patient, kept by a trigger on
 * `sessions` (adding up 50,000 sessions on every list request cost ~8 ms of database time).
 */
export const ITEM_COLUMNS = `
  p.id::text as id, p.nombre, p.apellido, p.edad, u.email, p.telefono_paciente,
  p.fecha_nacimiento::text as fecha_nacimiento, p.estado_civil, p.profesion_ocupacion, p.nivel_escolaridad,
  p.propuesta_terapia, p.ha_hecho_terapia, p.ha_hecho_psicodelicos, p.ha_hecho_constelaciones, p.tipo_servicio,
  ${isoTimestamp('p.fecha_creacion')} as fecha_creacion,
  p.therapist_id::text as terapeuta_id, p.total_sesiones, p.total_tiempo_minutos,
  p.whatsapp_mensajeria_consentimiento, ${isoTimestamp(nextAppointmentSql('p.id'))} as proxima_cita,
  ${safetyAlertSql('p.id')} as alerta_seguridad, p.nombre_key, p.apellido_key`;

export const DETAIL_COLUMNS = `${ITEM_COLUMNS},
  p.telefono, p.fecha_ingreso::text as fecha_ingreso, p.estado_terapia, p.notas_terapeuticas,
  p.objetivos_terapia, p.plan_tratamiento, p.genero, p.notas_paciente, ${isoTimestamp('s.ultima_sesion')} as ultima_sesion,
  s.siguiente_numero_sesion`;

export const FROM = `
  from patients p
  join users u on u.id = p.user_id`;

/** One patient's latest session and next number, from the covering index sessions_patient_totals_idx. */
export const DETAIL_FROM = `${FROM}
  cross join lateral (
    select max(x.fecha) as ultima_sesion, coalesce(max(x.numero_sesion), 0) + 1 as siguiente_numero_sesion
    from sessions x where x.patient_id = p.id
  ) s`;

/** The keys of a list item, in the answer's order: `JSON.stringify(rows, ITEM_FIELDS)` writes the items. */
export const ITEM_FIELDS: readonly (keyof PatientItemDto)[] = [
  'id',
  'nombre',
  'apellido',
  'edad',
  'email',
  'telefono_paciente',
  'fecha_nacimiento',
  'estado_civil',
  'profesion_ocupacion',
  'nivel_escolaridad',
  'propuesta_terapia',
  'ha_hecho_terapia',
  'ha_hecho_psicodelicos',
  'ha_hecho_constelaciones',
  'tipo_servicio',
  'fecha_creacion',
  'terapeuta_id',
  'total_sesiones',
  'total_tiempo_minutos',
  'whatsapp_mensajeria_consentimiento',
  'proxima_cita',
  'alerta_seguridad',
];

/** A list row as the database answers it: the item plus its sort keys (and, for a page, the total). */
export type ItemRow = PatientItemDto & { nombre_key: string; apellido_key: string; total?: string };
export type DetailRow = PatientDetailDto & { nombre_key: string; apellido_key: string };
