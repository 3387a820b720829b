import { isoTimestamp } from '../common/sql/iso-timestamp';
import { therapistZoneSql } from '../therapists/therapist-zone.sql';
import { joinPatient } from '../patients/patient-reads.sql';

const day = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

/** Today in the zone of the therapist `therapistId` (a SQL expression; `?` is DEFAULT_TIME_ZONE). */
export const therapistTodaySql = (therapistId: string): string => `(now() at time zone ${therapistZoneSql(therapistId, '?')})::date`;

/** An assignment as the therapist reads it (QuestionnaireAssignment of libs/shared), from `questionnaire_assignments qa`. */
export const ASSIGNMENT_COLUMNS = `qa.id, qa.patient_id as paciente_id, qa.codigo, qa.frecuencia_dias, ${day('qa.hasta')} as hasta,
  ${day('qa.proxima_fecha')} as proxima_fecha, (qa.detenida_en is null and qa.proxima_fecha is not null) as activa,
  ${isoTimestamp('qa.creada_en')} as creada_en, ${isoTimestamp('qa.detenida_en')} as detenida_en,
  (select count(*)::int from questionnaire_results qc where qc.assignment_id = qa.id) as respuestas_recibidas`;

/** A result as the therapist reads it (QuestionnaireResult of libs/shared), from `questionnaire_results r`. */
export const RESULT_COLUMNS = `r.id, r.assignment_id as asignacion_id, r.codigo, ${isoTimestamp('r.fecha')} as fecha, r.puntuacion, r.gravedad,
  r.respuestas, r.alerta, r.revisada_en is not null as revisada, ${isoTimestamp('r.revisada_en')} as revisada_en`;

/** A result as the patient reads it (OwnQuestionnaireResult): the score and its band. */
export const OWN_RESULT_COLUMNS = `r.id, r.codigo, ${isoTimestamp('r.fecha')} as fecha, r.puntuacion, r.gravedad`;

/** Whether the patient `patientId` has an answer with the safety alert not yet reviewed (`alerta_seguridad`). */
export const safetyAlertSql = (patientId: string): string =>
  `exists (select 1 from questionnaire_results sa where sa.patient_id = ${patientId} and sa.alerta and sa.revisada_en is null)`;

/**
 * Claims up to `?` assignments that fell due (their day has come in the therapist's zone) and whose patient was not
 * yet mailed for that day, marking them mailed, and reads what the mail needs. One statement, committed on its own:
 * concurrent sweeps (replicas, a worker) claim each due day once (`skip locked`). Parameters: DEFAULT_TIME_ZONE, the
 * batch size.
 */
export const CLAIM_DUE_SQL = `
with due as (
  select qa.id from questionnaire_assignments qa
  ${joinPatient('qa.patient_id')}
  join users pu on pu.id = p.user_id
  where qa.detenida_en is null and qa.proxima_fecha is not null and qa.proxima_fecha <= current_date + 1
    and qa.proxima_fecha <= ${therapistTodaySql('qa.therapist_id')}
    and qa.aviso_para is distinct from qa.proxima_fecha
  order by qa.proxima_fecha, qa.id
  limit ?
  for update of qa skip locked
)
update questionnaire_assignments qa set aviso_para = qa.proxima_fecha
from due, patients p, users pu, users t
where qa.id = due.id and p.id = qa.patient_id and pu.id = p.user_id and t.id = qa.therapist_id
returning qa.id, qa.codigo, pu.email as paciente_email, p.nombre as paciente_nombre, t.name as terapeuta_nombre`;

/** Gives back claims whose mail could not be queued (`?`: ids joined by commas), so the next sweep tries again. */
export const RELEASE_DUE_SQL = `update questionnaire_assignments set aviso_para = null where id = any(string_to_array(?, ',')::uuid[])`;

export interface ClaimedDue {
  id: string;
  codigo: string;
  paciente_email: string;
  paciente_nombre: string;
  terapeuta_nombre: string;
}

/** How many recent results an assistant is given of one patient. */
export const CONTEXT_RESULTS = 12;

/**
 * A patient's most recent scores for the assistants (`?`: the patient), newest first: the scale, when, the score, its
 * band and, for the therapist's assistant only, whether it raised the safety alert (the patient's drops `alerta`).
 */
export const RECENT_SCORES_SQL = `
select r.codigo, ${isoTimestamp('r.fecha')} as fecha, r.puntuacion, r.gravedad, r.alerta
from questionnaire_results r where r.patient_id = ? order by r.fecha desc, r.id limit ${CONTEXT_RESULTS}`;

export interface RecentScore {
  codigo: string;
  fecha: string;
  puntuacion: number;
  gravedad: string;
  alerta: boolean;
}
