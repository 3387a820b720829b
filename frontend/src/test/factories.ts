import type {
  AssignedExercise,
  AssignedModule,
  DraftProgress,
  Exercise,
  Module,
  PatientDetail,
  PatientOwnProfile,
  Session,
  SessionContent,
  SessionDraft,
  SessionDraftListItem,
  SessionType,
} from '@consulta/shared';

// Records as the server answers them, one factory a shape: a test sets only the fields it is about (`patch`), and a
// field added to a shape is added here once.

/**
 * What a therapist writes about a session, before anything is written: a psychotherapy session, two voices. A new
 * object at each call, so a test that changes a record's `campos_datos` changes no other record.
 */
const nothingWritten = (): SessionContent => ({
  fecha: null,
  duracion_minutos: null,
  tipo_sesion: 'psicoterapia',
  tipo_sesion_id: null,
  num_voces: 2,
  notas: null,
  temas_importantes: null,
  intencion: null,
  tipo_medicina: null,
  cantidad: null,
  observaciones: null,
  campos_datos: {},
  analisis_ia_paciente: null,
});

/** The id of the draft `aDraft` makes, unless a test gives another. */
export const DRAFT_ID = 'abcdef12-3456-4789-8abc-def012345678';

/**
 * A draft as the server answers it: the demo therapist's (th1) first session of patient p1, a psychotherapy session
 * with nothing written yet. `patch` sets what the test is about.
 */
export const aDraft = (patch: Partial<SessionDraft> = {}): SessionDraft => ({
  draft_id: DRAFT_ID,
  cita_id: null,
  id: DRAFT_ID,
  paciente_id: 'p1',
  terapeuta_id: 'th1',
  titulo: null,
  descripcion: null,
  tipo_sesion_nombre: null,
  estado: 'borrador',
  progreso: 0,
  mensaje_error: null,
  archivo_video_info: {},
  numero_sesion_siguiente: 1,
  created_at: '2026-11-23T09:00:00.000Z',
  updated_at: '2026-11-23T09:00:00.000Z',
  ...nothingWritten(),
  ...patch,
});

/** A draft as the drafts list shows it (no patient analysis; the transcript's first turns, none by default). */
export const aDraftListItem = (patch: Partial<SessionDraftListItem> = {}): SessionDraftListItem => {
  const { analisis_ia_paciente: _notListed, ...draft } = aDraft();
  return { ...draft, transcripcion_preview: null, ...patch };
};

/** A draft's processing state as the progress route answers it: `aDraft`'s, nothing running. */
export const aDraftProgress = (patch: Partial<DraftProgress> = {}): DraftProgress => ({
  draft_id: DRAFT_ID,
  estado: 'borrador',
  progreso: 0,
  archivo_video_info: {},
  segundos_restantes: null,
  mensaje_error: null,
  analisis_ia_paciente: null,
  ...patch,
});

/**
 * A session as GET /sesiones/{id} answers it: the demo therapist's (th1) first session of patient p1, a 50-minute
 * psychotherapy session with nothing written, no video, transcript or analysis.
 */
export const aSession = (patch: Partial<Session> = {}): Session => ({
  id: 's1',
  paciente_id: 'p1',
  terapeuta_id: 'th1',
  ...nothingWritten(),
  fecha: '2026-11-20T15:30:00.000Z',
  numero_sesion: 1,
  duracion_minutos: 50,
  tipo_sesion_nombre: null,
  personalizada: false,
  video_url: null,
  transcripcion: null,
  transcripcion_segmentos: null,
  analisis_ia: null,
  analisis_estado: null,
  analisis_ia_paciente_publicado: false,
  created_at: '2026-11-20T16:00:00.000Z',
  updated_at: '2026-11-20T16:00:00.000Z',
  ...patch,
});

/**
 * A patient as the therapist's detail screen reads it (GET /pacientes/unified/{id}): Lucía Fernández (p1), an active
 * patient of th1 with nothing else filled in, no session and no appointment yet.
 */
export const aPatient = (patch: Partial<PatientDetail> = {}): PatientDetail => ({
  id: 'p1',
  nombre: 'Lucía',
  apellido: 'Fernández',
  edad: null,
  email: 'lucia@ejemplo.com',
  telefono_paciente: null,
  telefono: null,
  fecha_nacimiento: null,
  estado_civil: null,
  profesion_ocupacion: null,
  nivel_escolaridad: null,
  propuesta_terapia: null,
  ha_hecho_terapia: null,
  ha_hecho_psicodelicos: null,
  ha_hecho_constelaciones: null,
  tipo_servicio: null,
  fecha_creacion: '2026-11-01T10:00:00.000Z',
  terapeuta_id: 'th1',
  total_sesiones: 0,
  total_tiempo_minutos: 0,
  whatsapp_mensajeria_consentimiento: false,
  fecha_ingreso: null,
  estado_terapia: 'activo',
  notas_terapeuticas: null,
  objetivos_terapia: null,
  plan_tratamiento: null,
  genero: null,
  notas_paciente: null,
  ultima_sesion: null,
  proxima_cita: null,
  alerta_seguridad: false,
  siguiente_numero_sesion: 1,
  ...patch,
});

/** The patient's own profile ('Mi Perfil', GET /pacientes/perfil): `aPatient`'s, with Dra. Ana Martínez as therapist. */
export const aPatientProfile = (patch: Partial<PatientOwnProfile> = {}): PatientOwnProfile => ({
  id: 'p1',
  nombre: 'Lucía',
  apellido: 'Fernández',
  email: 'lucia@ejemplo.com',
  telefono: null,
  direccion: null,
  fecha_nacimiento: null,
  genero: null,
  foto_perfil: null,
  avatar_url: null,
  fecha_ingreso: null,
  estado: 'activo',
  notas: null,
  terapeuta_asignado: 'Dra. Ana Martínez',
  proxima_sesion: null,
  sesiones_completadas: 0,
  ultima_sesion: null,
  ...patch,
});

/** A custom session type of th1: 'Evaluación', 80 €, with one required number field. */
export const aSessionType = (patch: Partial<SessionType> = {}): SessionType => ({
  id: 't1',
  nombre: 'Evaluación',
  descripcion: null,
  campos: [{ nombre: 'Nivel de ansiedad', tipo: 'number', requerido: true, placeholder: null, opciones: [] }],
  activo: true,
  valor: 80,
  terapeuta_id: 'th1',
  fecha_creacion: '2026-11-20T10:00:00.000Z',
  fecha_actualizacion: '2026-11-20T10:00:00.000Z',
  ...patch,
});

/** An exercise of th1's bank: a PDF guide, assigned to two patients, in one module. */
export const anExercise = (patch: Partial<Exercise> = {}): Exercise => ({
  id: 'e1',
  titulo: 'Respiración diafragmática',
  descripcion: 'Cinco minutos antes de dormir',
  categoria: 'Ansiedad',
  archivo_url: ['files/t1/ejercicios/0123456789abcdef-guia.pdf'],
  archivo_ids: ['files/t1/ejercicios/0123456789abcdef-guia.pdf'],
  archivo_id: 'files/t1/ejercicios/0123456789abcdef-guia.pdf',
  archivo_nombre: 'guia.pdf',
  fecha_creacion: '2026-11-01T10:00:00.000Z',
  fecha_actualizacion: '2026-11-02T10:00:00.000Z',
  pacientes_asignados: 2,
  modulos_count: 1,
  ...patch,
});

/** A module of th1's bank with one exercise, assigned to nobody. */
export const aModule = (patch: Partial<Module> = {}): Module => ({
  id: 'm1',
  titulo: 'Ansiedad básica',
  descripcion: 'Primeros pasos',
  fecha_creacion: '2026-11-01T10:00:00.000Z',
  fecha_actualizacion: '2026-11-01T10:00:00.000Z',
  ejercicios_count: 1,
  pacientes_asignados: 0,
  ...patch,
});

/** An exercise assigned to p1 as the patient's list shows it: pending, individual, with a PDF guide. */
export const anAssignedExercise = (patch: Partial<AssignedExercise> = {}): AssignedExercise => ({
  id: 'e1',
  titulo: 'Respiración diafragmática',
  descripcion: 'Respira despacio durante cinco minutos',
  categoria: 'Ansiedad',
  archivo_url: 'ejercicios/u1/guia.pdf',
  archivo_ids: ['ejercicios/u1/guia.pdf'],
  archivo_id: 'ejercicios/u1/guia.pdf',
  archivo_nombre: 'guia.pdf',
  asignado_en: '2026-11-20T10:00:00.000Z',
  fecha_creacion: '2026-11-01T10:00:00.000Z',
  completado: false,
  fecha_completado: null,
  notas_paciente: null,
  source: 'individual',
  moduleName: null,
  moduleId: null,
  individual: true,
  modulos: [],
  retirado: false,
  ...patch,
});

/** `aModule` as assigned to p1: two exercises, none completed. */
export const anAssignedModule = (patch: Partial<AssignedModule> = {}): AssignedModule => ({
  id: 'm1',
  titulo: 'Ansiedad básica',
  descripcion: 'Primeros pasos',
  asignado_en: '2026-11-18T10:00:00.000Z',
  paciente_id: 'p1',
  ejercicios_count: 2,
  completados: 0,
  ...patch,
});
