import { therapistZoneSql } from '../therapists/therapist-zone.sql';
import { ACTIVE_STATES_SQL } from './appointments.sql';
import { joinPatient } from '../patients/patient-reads.sql';

/** An instant as whole ms since the epoch (a float8, which node-postgres reads as a number): what a link embeds. */
export const epochMs = (column: string): string => `floor(extract(epoch from ${column}) * 1000)::float8`;

/** One claimed reminder: everything its mail needs, read by the claiming statement itself. */
export interface ClaimedReminder {
  id: string;
  inicio_ms: number;
  fin_ms: number;
  duracion_minutos: number;
  modalidad: 'presencial' | 'videollamada';
  lugar_o_enlace: string | null;
  version: number;
  /** Whether the patient may still cancel it (PATIENT_CANCEL_HOURS before the start is still to come). */
  cancelable: boolean;
  paciente_nombre: string;
  paciente_email: string;
  terapeuta_nombre: string;
  zona: string;
}

/**
 * Claims up to `?`(2) appointments to remind and answers what their mails need, in one statement. Parameters: the
 * hours before the start (REMINDER_HOURS_BEFORE), the batch size, PATIENT_CANCEL_HOURS, DEFAULT_TIME_ZONE.
 *
 * Due: programada or confirmada, starting within the hours and not yet started, and not reminded for its current start
 * (`recordatorio_para is distinct from inicio`: a moved appointment is due again). The `due` part reads the partial
 * index appointments_reminder_idx by start (its predicate is this one), so the statement costs the due rows, not the
 * table's 100,000. Claiming sets `recordatorio_para = inicio` on the rows it locked: `for update skip locked` leaves
 * the rows another sweep holds to that sweep, and a row read after the other sweep committed no longer matches (under
 * READ COMMITTED the lock re-reads it). Two sweeps (two replicas, an app and a worker) therefore never claim the same
 * appointment for the same start, whatever their timing.
 */
export const CLAIM_REMINDERS_SQL = `
with due as (
  select a.id from appointments a
  where a.estado in (${ACTIVE_STATES_SQL}) and a.recordatorio_para is distinct from a.inicio
    and a.inicio > now() and a.inicio <= now() + make_interval(hours => ?)
  order by a.inicio
  limit ?
  for update of a skip locked
), claimed as (
  update appointments a set recordatorio_para = a.inicio, recordatorio_enviado_en = now()
  from due where a.id = due.id
  returning a.id, a.therapist_id, a.patient_id, a.inicio, a.fin, a.duracion_minutos, a.modalidad, a.lugar_o_enlace, a.version
)
select c.id, ${epochMs('c.inicio')} as inicio_ms, ${epochMs('c.fin')} as fin_ms, c.duracion_minutos, c.modalidad, c.lugar_o_enlace,
  c.version, c.inicio - make_interval(hours => ?) > now() as cancelable,
  p.nombre as paciente_nombre, pu.email as paciente_email, t.name as terapeuta_nombre,
  ${therapistZoneSql('c.therapist_id', '?')} as zona
from claimed c
${joinPatient('c.patient_id')}
join users pu on pu.id = p.user_id
join users t on t.id = c.therapist_id`;

/**
 * Gives back claims whose mail could not be queued (`?`: ids joined by commas), so the next sweep tries again; only
 * while the claim is still for the current start.
 */
export const RELEASE_REMINDERS_SQL = `
update appointments set recordatorio_para = null, recordatorio_enviado_en = null
where id = any(string_to_array(?, ',')::uuid[]) and recordatorio_para = inicio`;
