import { isoTimestamp } from '../../common/sql/iso-timestamp';

/**
 * THE allow-list of what the patient's own assistant may read (design.md, privacy boundary): each column the
 * patient is permitted to see, selected by name, and nothing else. The patient chat's queries read only the
 * columns of these sub-selects (`from (${...}) x`), so a field left out here cannot reach the model.
 *
 * Never here: a session's `notas`, `observaciones` and `analisis_ia`; `analisis_ia_paciente` unless the therapist
 * published it; the record's `notas_terapeuticas` and `plan_tratamiento`; drafts; anything of another patient.
 */

const selectList = (columns: Record<string, string>): string =>
  Object.entries(columns)
    .map(([field, sql]) => `${sql} as ${field}`)
    .join(', ');

/** One of the patient's sessions, as they may read it. */
const SESSION_COLUMNS = selectList({
  id: 's.id::text',
  numero_sesion: 's.numero_sesion',
  fecha: isoTimestamp('s.fecha'),
  duracion_minutos: 's.duracion_minutos',
  tipo_sesion: 'coalesce(s.tipo_sesion, t.nombre)',
  num_voces: 's.num_voces',
  temas_importantes: 's.temas_importantes',
  intencion: 's.intencion',
  tipo_medicina: 's.tipo_medicina',
  cantidad: 's.cantidad',
  campos_datos: 's.campos_datos',
  transcripcion: 's.transcripcion',
  analisis_ia_paciente: 'case when s.analisis_ia_paciente_publicado then s.analisis_ia_paciente end',
});

/** The sessions of patient `?` as they may read them: select from it as `x`. */
export const VISIBLE_SESSIONS = `select ${SESSION_COLUMNS}
  from sessions s left join session_types t on t.id = s.tipo_sesion_id where s.patient_id = ?`;

/** Patient `?`'s own record as they may read it. */
export const VISIBLE_RECORD = `select ${selectList({
  nombre: 'p.nombre',
  apellido: 'p.apellido',
  fecha_ingreso: 'p.fecha_ingreso::text',
  estado_terapia: 'p.estado_terapia',
  total_sesiones: 'p.total_sesiones',
  proxima_cita: isoTimestamp('p.proxima_cita'),
})} from patients p where p.id = ?`;
