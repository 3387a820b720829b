import { nextAppointmentSql } from '../../agenda/appointments.sql';
import { isoTimestamp } from '../../common/sql/iso-timestamp';
import { PATIENT_VIEW_SESSIONS_SQL as VISIBLE_SESSIONS } from '../../patient-area/patient-view.sql';
import { consentInForceSql } from '../../consents/consent.sql';
import { patientIdsOfTherapistSql } from '../../patients/patients.sql';
import { SESSION_FROM } from '../../sessions/sessions.sql';
import { joinSession, lastSessionDateSql, sessionCountOfTherapistSql, sessionsAs } from '../../sessions/session-reads.sql';
import { patientsAs } from '../../patients/patient-reads.sql';

/**
 * The assistants' reads. A patient's sessions are read in three steps, so that a long history costs no more than
 * what fits: an index of every session (its number, date, a short text to rank it by, and the sizes of its texts:
 * `octet_length` reads no text), then the capped texts of the sessions the budget may take, then the start of the
 * transcripts that fit. Long texts are read cut (`substr` reads only the start of a stored value) one character past
 * their cap, so the context says where it cut.
 */

/** Caps of the texts a session or a record contributes (characters). */
export const CAPS = { short: 1000, notes: 4000, analysis: 6000, record: 3000, field: 500 } as const;

const cut = (expr: string, max: number) => `substr(${expr}, 1, ${max + 1})`;

/** An upper bound of the characters a session's capped texts take (bytes are at least characters). */
const sizeOf = (texts: [string, number][]) =>
  texts.map(([expr, max]) => `least(coalesce(octet_length(${expr}), 0), ${max + 1})`).join(' + ');

/** What a session is ranked by: its topics and the start of its other texts. */
const rankText = (texts: [string, number][]) => `concat_ws(' ', ${texts.map(([expr, max]) => `substr(${expr}, 1, ${max})`).join(', ')})`;

/** Custom field values with each text cut to CAPS.field. */
const FIELDS = (expr: string) => `(select jsonb_object_agg(e.key, case when jsonb_typeof(e.value) = 'string'
  then to_jsonb(${cut("e.value #>> '{}'", CAPS.field)}) else e.value end) from jsonb_each(${expr}) e)`;

/** The statistics of GET /ai-agent/context (one statement). */
export const STATISTICS_SQL = `select
  (select count(*) from (${patientIdsOfTherapistSql('?')}) mine)::int as total_patients,
  ${sessionCountOfTherapistSql('?')}::int as total_sessions,
  (select count(*) from exercises where therapist_id = ? and eliminado_en is null)::int as exercises_created,
  (select count(*) from modules where therapist_id = ?)::int as modules_created`;

/** The patient's data card, counted through their allow-list (`count` of a text reads none of it). */
export const OWN_STATISTICS_SQL = `select count(*)::int as total_sessions, count(x.transcripcion)::int as sessions_with_transcript,
  count(x.analisis_ia_paciente)::int as sessions_with_analysis from (${VISIBLE_SESSIONS}) x`;

/**
 * The practice at summary level: each patient with their totals and exercise progress, latest session first. Only
 * patients whose AI consent is in force: of the others the model learns nothing, not even their names.
 */
export const PRACTICE_PATIENTS_SQL = `
with mine as (${patientIdsOfTherapistSql('?')}),
items as (
  select pe.patient_id, pe.exercise_id from patient_exercises pe join mine on mine.id = pe.patient_id
  union
  select pm.patient_id, me.exercise_id from patient_modules pm join mine on mine.id = pm.patient_id
  join module_exercises me on me.module_id = pm.module_id
),
progress as (
  select i.patient_id, count(*)::int as asignados, count(c.exercise_id)::int as completados
  from items i left join exercise_completions c on c.patient_id = i.patient_id and c.exercise_id = i.exercise_id
  group by i.patient_id
)
select p.nombre, p.apellido, p.estado_terapia, p.fecha_ingreso::text as fecha_ingreso, p.total_sesiones,
  p.total_tiempo_minutos, ${isoTimestamp('last.fecha')} as ultima_sesion, ${isoTimestamp(nextAppointmentSql('p.id'))} as proxima_cita,
  coalesce(g.asignados, 0) as ejercicios_asignados, coalesce(g.completados, 0) as ejercicios_completados
from ${patientsAs('p')}
cross join lateral (select ${lastSessionDateSql('p.id')} as fecha) last
left join progress g on g.patient_id = p.id
where p.therapist_id = ? and ${consentInForceSql('p.id', 'ia')}
order by last.fecha desc nulls last, p.nombre, p.apellido`;

/** The therapist's bank at summary level: exercises and modules with how many patients have them. */
export const PRACTICE_BANK_SQL = `select
  (select coalesce(json_agg(json_build_object('titulo', e.titulo, 'categoria', e.categoria,
      'pacientes', (select count(*) from patient_exercises pe where pe.exercise_id = e.id)) order by e.fecha_creacion desc), '[]')
   from (select * from exercises where therapist_id = ? and eliminado_en is null order by fecha_creacion desc limit 200) e) as ejercicios,
  (select coalesce(json_agg(json_build_object('titulo', m.titulo,
      'ejercicios', (select count(*) from module_exercises me where me.module_id = m.id),
      'pacientes', (select count(*) from patient_modules pm where pm.module_id = m.id)) order by m.fecha_creacion desc), '[]')
   from (select * from modules where therapist_id = ? order by fecha_creacion desc limit 200) m) as modulos`;

/** One patient's record as their therapist sees it (contact details left out: the assistant needs none). */
export const PATIENT_RECORD_SQL = `select p.nombre, p.apellido, p.edad, p.estado_civil, p.profesion_ocupacion, p.nivel_escolaridad,
  p.fecha_ingreso::text as fecha_ingreso, p.estado_terapia, p.tipo_servicio, p.ha_hecho_terapia, p.ha_hecho_psicodelicos,
  p.ha_hecho_constelaciones, ${cut('p.propuesta_terapia', CAPS.record)} as propuesta_terapia,
  ${cut('p.objetivos_terapia', CAPS.record)} as objetivos_terapia, ${cut('p.plan_tratamiento', CAPS.record)} as plan_tratamiento,
  ${cut('p.notas_terapeuticas', CAPS.record)} as notas_terapeuticas, p.total_sesiones, p.total_tiempo_minutos,
  ${isoTimestamp(nextAppointmentSql('p.id'))} as proxima_cita
from ${patientsAs('p')} where p.id = ?`;

/** The index of one patient's sessions (therapist view). */
export const PATIENT_SESSION_INDEX_SQL = `select s.id::text as id, s.numero_sesion, ${isoTimestamp('s.fecha')} as fecha,
  ${sizeOf([
    ['s.temas_importantes', CAPS.short],
    ['s.notas', CAPS.notes],
    ['s.intencion', CAPS.short],
    ['s.tipo_medicina', CAPS.field],
    ['s.observaciones', CAPS.notes],
    ['s.campos_datos::text', CAPS.notes],
    ['s.analisis_ia', CAPS.analysis],
    ['s.analisis_ia_paciente', CAPS.analysis],
  ])} as size,
  ${rankText([
    ['s.temas_importantes', CAPS.short],
    ['s.intencion', 300],
    ['s.analisis_ia', 800],
    ['s.notas', 400],
  ])} as rank_text,
  coalesce(octet_length(s.transcripcion), 0) as transcript_size
from ${sessionsAs('s')} where s.patient_id = ?`;

/** The sessions chosen (`?` ids) of patient `?`, as their therapist sees them, without the transcripts. */
export const PATIENT_SESSIONS_SQL = `select s.id::text as id, s.numero_sesion, ${isoTimestamp('s.fecha')} as fecha,
  coalesce(s.tipo_sesion, t.nombre) as tipo_sesion, s.duracion_minutos, s.num_voces,
  ${cut('s.temas_importantes', CAPS.short)} as temas_importantes, ${cut('s.notas', CAPS.notes)} as notas,
  ${cut('s.intencion', CAPS.short)} as intencion, ${cut('s.tipo_medicina', CAPS.field)} as tipo_medicina, s.cantidad,
  ${cut('s.observaciones', CAPS.notes)} as observaciones, ${FIELDS('s.campos_datos')} as campos_datos,
  ${cut('s.analisis_ia', CAPS.analysis)} as analisis_ia, ${cut('s.analisis_ia_paciente', CAPS.analysis)} as analisis_ia_paciente,
  s.analisis_ia_paciente_publicado, coalesce(octet_length(s.transcripcion), 0) as transcript_size
${SESSION_FROM}
where s.id in (select value::uuid from json_array_elements_text(?::json)) and s.patient_id = ?`;

/** The index of the patient's own sessions, only through their allow-list (`x`). */
export const OWN_SESSION_INDEX_SQL = `select x.id, x.numero_sesion, x.fecha,
  ${sizeOf([
    ['x.temas_importantes', CAPS.short],
    ['x.intencion', CAPS.short],
    ['x.tipo_medicina', CAPS.field],
    ['x.campos_datos::text', CAPS.notes],
    ['x.analisis_ia_paciente', CAPS.analysis],
  ])} as size,
  ${rankText([
    ['x.temas_importantes', CAPS.short],
    ['x.intencion', 300],
    ['x.analisis_ia_paciente', 800],
  ])} as rank_text,
  coalesce(octet_length(x.transcripcion), 0) as transcript_size
from (${VISIBLE_SESSIONS}) x`;

/** The chosen (`?` ids) of the patient's own sessions (`?`), only through their allow-list, without the transcripts. */
export const OWN_SESSIONS_SQL = `select x.id, x.numero_sesion, x.fecha, x.tipo_sesion, x.duracion_minutos, x.num_voces,
  ${cut('x.temas_importantes', CAPS.short)} as temas_importantes, ${cut('x.intencion', CAPS.short)} as intencion,
  ${cut('x.tipo_medicina', CAPS.field)} as tipo_medicina, x.cantidad, ${FIELDS('x.campos_datos')} as campos_datos,
  ${cut('x.analisis_ia_paciente', CAPS.analysis)} as analisis_ia_paciente,
  coalesce(octet_length(x.transcripcion), 0) as transcript_size
from (${VISIBLE_SESSIONS}) x where x.id in (select value from json_array_elements_text(?::json))`;

/** The start of the transcripts the budget chose (`?`: JSON [{ id, chars }]), of patient `?`. */
export const TRANSCRIPTS_SQL = `select w.id::text as id, substr(s.transcripcion, 1, w.chars) as text
from json_to_recordset(?::json) as w(id uuid, chars int) ${joinSession('w.id')} where s.patient_id = ?`;

/** The same, through the patient's allow-list. */
export const OWN_TRANSCRIPTS_SQL = `select x.id, substr(x.transcripcion, 1, w.chars) as text
from json_to_recordset(?::json) as w(id text, chars int) join (${VISIBLE_SESSIONS}) x on x.id = w.id`;
