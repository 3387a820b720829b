import { ACTIVE_APPOINTMENT_STATES } from '@consulta/shared';
import { isoTimestamp } from '../common/sql/iso-timestamp';
import { joinPatient } from '../patients/patient-reads.sql';

/** The states that take up the patient's next slot, as a SQL list. */
export const ACTIVE_STATES_SQL = ACTIVE_APPOINTMENT_STATES.map((s) => `'${s}'`).join(', ');

/**
 * The start of a patient's next appointment (programada or confirmada, still to come), or null: what
 * `proxima_cita` is wherever a patient is read (the list, the detail, the patient's dashboard, the assistants).
 */
export const nextAppointmentSql = (patientId: string): string =>
  `(select min(na.inicio) from appointments na where na.patient_id = ${patientId} and na.estado in (${ACTIVE_STATES_SQL}) and na.inicio > now())`;

/** An appointment as the therapist reads it (Appointment of libs/shared), from `appointments a` joined with its patient `p`. */
export const APPOINTMENT_COLUMNS = `a.id, a.patient_id as paciente_id, json_build_object('nombre', p.nombre, 'apellido', p.apellido) as paciente,
  ${isoTimestamp('a.inicio')} as inicio, ${isoTimestamp('a.fin')} as fin, a.duracion_minutos, a.modalidad, a.lugar_o_enlace,
  a.estado, a.serie_id, a.session_id as sesion_id, a.notas, a.cancelada_por, a.motivo_cancelacion,
  ${isoTimestamp('a.confirmada_en')} as confirmada_en,
  case when a.recordatorio_para = a.inicio then ${isoTimestamp('a.recordatorio_enviado_en')} end as recordatorio_enviado_en`;

export const APPOINTMENT_FROM = `from appointments a ${joinPatient('a.patient_id')}`;

/**
 * The patient's own appointment (PatientAppointment of libs/shared): an allow-list, never the therapist's notes.
 * `?` is the number of hours before the start until which the patient may cancel.
 */
export const PATIENT_APPOINTMENT_COLUMNS = `a.id, ${isoTimestamp('a.inicio')} as inicio, ${isoTimestamp('a.fin')} as fin, a.duracion_minutos,
  a.modalidad, a.lugar_o_enlace, a.estado, a.cancelada_por, a.motivo_cancelacion, ${isoTimestamp('a.confirmada_en')} as confirmada_en,
  u.name as terapeuta_nombre,
  (a.estado in (${ACTIVE_STATES_SQL}) and a.inicio - make_interval(hours => ?) > now()) as puede_cancelar,
  (a.estado = 'programada' and a.inicio > now()) as puede_confirmar`;

export const PATIENT_APPOINTMENT_FROM = `from appointments a join users u on u.id = a.therapist_id`;
