import { nextAppointmentSql } from '../agenda/appointments.sql';
import type {
  PatientDashboard,
  PatientOwnProfile,
  PatientRecentSession,
  PatientViewSession,
  PatientViewSessionSummary,
} from '@consulta/shared';
import { isoTimestamp } from '../common/sql/iso-timestamp';
import { assignedExerciseCountSql } from '../exercises/assignments/progress.query';
import { SESSION_FROM } from '../sessions/sessions.sql';
import { lastSessionDateSql, sessionHeadsOfPatientSql } from '../sessions/session-reads.sql';
import { patientsAs } from '../patients/patient-reads.sql';

/**
 * THE allow-list of the patient area (docs/architecture.md, "The privacy boundary"): every answer a patient receives about their
 * record and their sessions is selected here, field by field, and nothing else is. Each map is checked against
 * its answer type (`satisfies`), so a field cannot be added to one without the other.
 *
 * Never here: a session's `notas`, `observaciones` and `analisis_ia`; `analisis_ia_paciente` unless the therapist
 * published it; the record's `notas_terapeuticas` and `plan_tratamiento`; drafts. The patient's AI assistant reads
 * through this file too (PATIENT_VIEW_SESSIONS_SQL, PATIENT_VIEW_RECORD_SQL), so it sees exactly what the patient does.
 */

type Columns<T> = Record<keyof T, string>;

const selectList = (columns: Record<string, string>): string =>
  Object.entries(columns)
    .map(([field, sql]) => `${sql} as ${field}`)
    .join(', ');

/** The patient version of the analysis, only once published. */
const PUBLISHED_ANALYSIS = `case when s.analisis_ia_paciente_publicado then s.analisis_ia_paciente end`;

const SESSION_HEAD = {
  id: 's.id::text',
  numero_sesion: 's.numero_sesion',
  fecha: isoTimestamp('s.fecha'),
  duracion_minutos: 's.duracion_minutos',
  tipo_sesion: 'coalesce(s.tipo_sesion, t.nombre)',
  tipo_sesion_nombre: 't.nombre',
  personalizada: '(s.tipo_sesion_id is not null)',
  num_voces: 's.num_voces',
  tiene_video: '(s.video_url is not null)',
} satisfies Columns<Omit<PatientViewSessionSummary, 'tiene_transcripcion' | 'tiene_analisis_ia_paciente'>>;

/** A card of 'Sesiones Anteriores': no long texts, only whether they are there. */
export const PATIENT_SESSION_SUMMARY_COLUMNS = selectList({
  ...SESSION_HEAD,
  tiene_transcripcion: '(s.transcripcion is not null)',
  tiene_analisis_ia_paciente: `(${PUBLISHED_ANALYSIS} is not null)`,
} satisfies Columns<PatientViewSessionSummary>);

/** One whole session as its patient reads it. */
export const PATIENT_SESSION_COLUMNS = selectList({
  ...SESSION_HEAD,
  temas_importantes: 's.temas_importantes',
  intencion: 's.intencion',
  tipo_medicina: 's.tipo_medicina',
  cantidad: 's.cantidad',
  campos_datos: 's.campos_datos',
  transcripcion: 's.transcripcion',
  transcripcion_segmentos: 's.transcripcion_segmentos',
  analisis_ia_paciente: PUBLISHED_ANALYSIS,
  created_at: isoTimestamp('s.created_at'),
} satisfies Columns<PatientViewSession>);

/** Sessions (`s`) with their custom type's name (`t`); add `where s.patient_id = ?`. */
export const PATIENT_SESSION_FROM = SESSION_FROM;

/** The start of the patient's next appointment in the agenda (programada or confirmada, still ahead). */
const NEXT_APPOINTMENT = isoTimestamp(nextAppointmentSql('p.id'));

/** Patient `?`'s sessions, whole, as they read them: their AI assistant selects from it as a sub-select. */
export const PATIENT_VIEW_SESSIONS_SQL = `select ${PATIENT_SESSION_COLUMNS} ${PATIENT_SESSION_FROM} where s.patient_id = ?`;

/** Patient `?`'s own record as their AI assistant may tell it (no contact details: it needs none). */
export const PATIENT_VIEW_RECORD_SQL = `select ${selectList({
  nombre: 'p.nombre',
  apellido: 'p.apellido',
  fecha_ingreso: 'p.fecha_ingreso::text',
  estado_terapia: 'p.estado_terapia',
  total_sesiones: 'p.total_sesiones',
  proxima_cita: NEXT_APPOINTMENT,
})} from ${patientsAs('p')} where p.id = ?`;
const LAST_SESSION = isoTimestamp(lastSessionDateSql('p.id'));

/** A recent session on the dashboard, as a JSON object (`r` is the session). */
const RECENT_SESSION = `json_build_object(${Object.entries({
  id: 'r.id::text',
  numero_sesion: 'r.numero_sesion',
  fecha: isoTimestamp('r.fecha'),
  duracion_minutos: 'r.duracion_minutos',
} satisfies Columns<PatientRecentSession>)
  .map(([field, sql]) => `'${field}', ${sql}`)
  .join(', ')})`;

/**
 * The dashboard of patient `p` (a `patients` row) in one statement, with its `limit` latest sessions. The latest
 * are picked first and only they become JSON (building it for every session before the cut cost more than the
 * rest of the query).
 */
export const patientDashboardSql = (limit: number): string => `
  select ${selectList({
    nombre: 'p.nombre',
    total_sesiones: 'p.total_sesiones',
    total_tiempo_minutos: 'p.total_tiempo_minutos',
    ejercicios_asignados: assignedExerciseCountSql('p.id'),
    fecha_ingreso: 'p.fecha_ingreso::text',
    sesiones_recientes: 'recent.items',
    // The latest session is the first of the recent ones (same order).
    ultima_sesion: `recent.items -> 0 ->> 'fecha'`,
    proxima_cita: NEXT_APPOINTMENT,
  } satisfies Columns<PatientDashboard>)}
  from ${patientsAs('p')}
  cross join lateral (
    select coalesce(json_agg(${RECENT_SESSION} order by r.fecha desc, r.numero_sesion desc), '[]') as items
    from (${sessionHeadsOfPatientSql('p.id')}
          order by x.fecha desc, x.numero_sesion desc limit ${limit}) r
  ) recent
  where p.id = ?`;

/** The profile of patient `p`, with their therapist (`t`) and their own user (`u`); `avatar_url` is made after. */
export const PATIENT_PROFILE_SQL = `
  select ${selectList({
    id: 'p.id::text',
    nombre: 'p.nombre',
    apellido: 'p.apellido',
    email: 'u.email',
    telefono: 'coalesce(p.telefono_paciente, p.telefono)',
    direccion: 'p.direccion',
    fecha_nacimiento: 'p.fecha_nacimiento::text',
    genero: 'p.genero',
    foto_perfil: 'u.foto_perfil',
    fecha_ingreso: 'p.fecha_ingreso::text',
    estado: 'p.estado_terapia',
    // The patient's own notes: never `notas_terapeuticas`.
    notas: 'p.notas_paciente',
    terapeuta_asignado: 't.name',
    proxima_sesion: NEXT_APPOINTMENT,
    sesiones_completadas: 'p.total_sesiones',
    ultima_sesion: LAST_SESSION,
  } satisfies Columns<Omit<PatientOwnProfile, 'avatar_url'>>)}, u.avatar_url as google_avatar_url
  from ${patientsAs('p')} join users u on u.id = p.user_id join users t on t.id = p.therapist_id
  where p.id = ?`;
