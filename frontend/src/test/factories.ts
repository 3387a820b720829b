import type { DraftProgress, SessionDraft, SessionDraftListItem } from '@consulta/shared';

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
