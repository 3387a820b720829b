import type { SessionAnalysisFields } from './ai';
import type { PatientListItem } from './api-types';

/** Sessions and drafts: shapes and rules the server and the UI share. */

/** The two built-in session types; every other session has a custom type (`tipo_sesion_id`). */
export const BUILT_IN_SESSION_TYPES = [
  { value: 'psicoterapia', label: 'Psicoterapia' },
  { value: 'psicodelica', label: 'Psicodélica' },
] as const;
export type BuiltInSessionType = (typeof BUILT_IN_SESSION_TYPES)[number]['value'];
export const isBuiltInSessionType = (value: unknown): value is BuiltInSessionType => BUILT_IN_SESSION_TYPES.some((t) => t.value === value);

/** Number of voices: the form's options (5+ is sent as 32); default 2. */
export const NUM_VOCES_OPTIONS = [
  { value: 1, label: '1' },
  { value: 2, label: '2' },
  { value: 3, label: '3' },
  { value: 4, label: '4' },
  { value: 32, label: '5+' },
] as const;
export const NUM_VOCES_MIN = 1;
export const NUM_VOCES_MAX = 32;
export const NUM_VOCES_DEFAULT = 2;
/** 1 = only the patient; 2 = patient plus therapist; 3 or more = group session. */
export const voicesMeaning = (n: number | null | undefined): string =>
  !n ? 'No especificado' : n === 1 ? 'Solo el paciente' : n === 2 ? 'Paciente y terapeuta' : 'Sesión grupal';

/** Bounds the server enforces (not in the spec). */
export const SESSION_LIMITS = {
  /** A session's length in minutes: 0 to 24 h. */
  duracionMax: 1440,
  /** Notes, topics, intention, observations, medicine. */
  textMax: 20_000,
  /** A transcript or an analysis (an hour of speech is ~60,000 characters). */
  longTextMax: 400_000,
  titleMax: 200,
  /** A value of a custom field. */
  fieldValueMax: 5_000,
  numeroMax: 100_000,
  cantidadMax: 100_000,
} as const;

/** Draft states. */
export const DRAFT_STATES = [
  'borrador',
  'procesando',
  'subiendo_video',
  'transcribiendo',
  'guardando',
  'completado',
  'fallido',
  'cancelado',
] as const;
export type DraftState = (typeof DRAFT_STATES)[number];
export const DRAFT_TERMINAL_STATES: readonly DraftState[] = ['completado', 'fallido', 'cancelado'];
/**
 * States in which a background job owns the draft's job fields (transcript, analyses, estado): a save that
 * touches those fields then is refused with DRAFT_BUSY, so it can never overwrite the job's result.
 */
export const DRAFT_JOB_STATES: readonly DraftState[] = ['procesando', 'transcribiendo', 'guardando'];
/** The jobs a therapist can cancel ('Cancelar procesamiento'): the transcription and the analyses. */
export const DRAFT_CANCELLABLE_STATES: readonly DraftState[] = ['procesando', 'transcribiendo'];
/**
 * A draft a job or a save may take: none owns it and it has not become a session. `subiendo_video` is one (an upload
 * is not a job: the page that uploads says when it starts and ends, through `archivo_video_info.estado_upload`).
 */
export const DRAFT_FREE_STATES: readonly DraftState[] = ['borrador', 'subiendo_video', 'fallido', 'cancelado'];
/**
 * `archivo_video_info.estado_upload` as the new-session page writes it: 'subiendo' when an upload starts (the draft
 * goes to `subiendo_video` unless a job owns it), 'completado' with the key once attached, null when none is left.
 */
export const VIDEO_UPLOAD_STATES = { uploading: 'subiendo', done: 'completado' } as const;
/** Fields of `archivo_video_info` that background jobs write (with `analisis_ia_paciente`): see DRAFT_JOB_STATES. */
export const DRAFT_JOB_VIDEO_FIELDS = ['script_text', 'transcript', 'analisis_ia'] as const;

/** Any state but the terminal ones counts as in progress: an open draft in it is polled every 3 s. */
export const isDraftTerminal = (estado: string | null | undefined): boolean => DRAFT_TERMINAL_STATES.includes(estado as DraftState);
/** A job owns the draft now (see DRAFT_JOB_STATES). */
export const isDraftBusy = (estado: string | null | undefined): boolean => DRAFT_JOB_STATES.includes(estado as DraftState);
/** A transcription or an analysis runs on the draft: 'Cancelar procesamiento' stops it. */
export const isDraftCancellable = (estado: string | null | undefined): boolean => DRAFT_CANCELLABLE_STATES.includes(estado as DraftState);

/** The progress display's text of each state; any other state: 'Procesando... {percent}%'. */
export const DRAFT_STATUS_TEXT: Record<DraftState, string> = {
  borrador: 'Borrador guardado',
  procesando: 'Iniciando procesamiento...',
  subiendo_video: 'Subiendo video...',
  transcribiendo: 'Generando transcripción...',
  guardando: 'Guardando sesión...',
  completado: 'Procesamiento completado',
  fallido: 'Error en el procesamiento',
  cancelado: 'Procesamiento cancelado',
};
export const draftStatusText = (estado: string, progreso: number): string =>
  DRAFT_STATUS_TEXT[estado as DraftState] ?? `Procesando... ${progreso}%`;

/** Auto-save debounce, polling period and first poll. */
export const DRAFT_AUTOSAVE_MS = 2000;
export const DRAFT_POLL_MS = 3000;
export const DRAFT_FIRST_POLL_MS = 2000;
/** A draft id is shown by its first 8 characters. */
export const DRAFT_ID_DISPLAY = 8;

/** The drafts list's transcript preview: the first 3 turns, at most 200 characters in all. */
export const TRANSCRIPT_PREVIEW = { turns: 3, chars: 200 } as const;

/**
 * A transcript's preview for the drafts list: its first turns ('Hablante 1: ...', one a line) up to
 * TRANSCRIPT_PREVIEW, cut at a word with '…' when anything is left out; null without a transcript. `text` is the
 * transcript as the form shows it (script_text; it may arrive already cut after `chars + 1` characters), else
 * the segments are read.
 */
export function transcriptPreview(
  text: string | null | undefined,
  segments?: readonly Pick<TranscriptSegment, 'speaker_label' | 'text'>[] | null,
): string | null {
  const source = text?.trim() ? text : transcriptText(segments);
  const lines = source
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length === 0) return null;
  const { turns, chars } = TRANSCRIPT_PREVIEW;
  const shown = lines.slice(0, turns).join('\n');
  const whole = lines.length <= turns && source.trim().length <= chars;
  if (whole) return shown;
  if (shown.length <= chars && lines.length > turns) return `${shown}…`;
  const cut = shown.slice(0, chars);
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${(atWord.length >= chars / 2 ? atWord : cut).trimEnd()}…`;
}

/** A payload may send any field, or null to clear it. */
export type Payload<T> = { [K in keyof T]?: T[K] | null };

/** A custom field's value: text, number or checkbox. */
export type CampoValor = string | number | boolean | null;
export type CamposDatos = Record<string, CampoValor>;

/** A diarized transcript segment: a turn, its speaker and its times in seconds from the video's start. */
export interface TranscriptSegment {
  speaker_label: string;
  start_time: number;
  end_time: number;
  text: string;
}

/** A transcript's text from its turns: one turn a line, 'Speaker: text' (what `transcripcion` holds). */
export function transcriptText(segments: readonly Pick<TranscriptSegment, 'speaker_label' | 'text'>[] | null | undefined): string {
  return (segments ?? []).map((s) => (s.speaker_label ? `${s.speaker_label}: ${s.text}` : s.text)).join('\n');
}

/** The fields a session and a draft share: what a therapist writes about a session. */
export interface SessionContent {
  fecha: string | null;
  duracion_minutos: number | null;
  /** 'psicoterapia', 'psicodelica', or null for a custom type. */
  tipo_sesion: string | null;
  tipo_sesion_id: string | null;
  num_voces: number;
  notas: string | null;
  temas_importantes: string | null;
  intencion: string | null;
  tipo_medicina: string | null;
  cantidad: number | null;
  observaciones: string | null;
  campos_datos: CamposDatos;
  analisis_ia_paciente: string | null;
}

/** A session as the therapist reads it. `fecha` is an ISO date-time. */
export interface Session extends SessionContent, SessionAnalysisFields {
  id: string;
  paciente_id: string;
  terapeuta_id: string;
  fecha: string;
  numero_sesion: number;
  /** For a custom type: the type's name (the answer's `tipo_sesion` is then that name too). */
  tipo_sesion_nombre: string | null;
  /** True for a custom (non-built-in) type: the 'Personalizada' badge. */
  personalizada: boolean;
  /** A storage file key (never a signed URL); null until a video is attached. */
  video_url: string | null;
  transcripcion: string | null;
  /** The transcript's turns with their times, when it came from a transcription (else null); `transcripcion` is their text. */
  transcripcion_segmentos: TranscriptSegment[] | null;
  analisis_ia: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * A session in GET /sesiones/paciente/{id}: what a list row shows, and whether the long texts are there. What the
 * therapist wrote, the transcript (an hour of speech is ~60,000 characters) and the analyses come with
 * GET /sesiones/{id}, so the list stays small however long the sessions are.
 */
export type SessionSummary = Pick<
  Session,
  | 'id'
  | 'paciente_id'
  | 'terapeuta_id'
  | 'fecha'
  | 'numero_sesion'
  | 'duracion_minutos'
  | 'tipo_sesion'
  | 'tipo_sesion_id'
  | 'tipo_sesion_nombre'
  | 'personalizada'
  | 'num_voces'
  | 'video_url'
  | 'analisis_estado'
  | 'created_at'
  | 'updated_at'
> & {
  tiene_transcripcion: boolean;
  tiene_analisis_ia: boolean;
  tiene_analisis_ia_paciente: boolean;
};

/** POST /sesiones/; PUT/PATCH send any subset. `draft_id`: the draft this session finalizes (deleted with it). */
export interface SessionPayload extends Payload<Omit<SessionContent, 'campos_datos'>> {
  paciente_id: string;
  terapeuta_id?: string | null;
  numero_sesion?: number | null;
  video_url?: string | null;
  transcripcion?: string | null;
  /** Sent: the transcript's turns (and `transcripcion` becomes their text); null drops the times, keeping the text. */
  transcripcion_segmentos?: TranscriptSegment[] | null;
  analisis_ia?: string | null;
  campos_datos?: CamposDatos | null;
  draft_id?: string | null;
  /** The appointment this session records ('Registrar sesión'); else the draft's. It becomes `realizada`. */
  cita_id?: string | null;
}
export type SessionUpdatePayload = Partial<Omit<SessionPayload, 'paciente_id' | 'draft_id' | 'cita_id'>> & {
  /** true publishes the patient version for the patient; false withdraws it. Absent: unchanged. */
  analisis_ia_paciente_publicado?: boolean | null;
};

/** A draft's video and what the jobs made of it. */
export interface DraftVideoInfo {
  video_url?: string | null;
  file_key?: string | null;
  script_text?: string | null;
  transcript?: TranscriptSegment[] | null;
  analisis_ia?: string | null;
  estado_upload?: string | null;
  upload_progress?: number | null;
}

/** An auto-saved session draft. */
export interface SessionDraft extends SessionContent {
  draft_id: string;
  /** The appointment the draft was opened from ('Registrar sesión'), or null. */
  cita_id: string | null;
  id: string;
  paciente_id: string;
  terapeuta_id: string;
  titulo: string | null;
  descripcion: string | null;
  /** The custom type's name, for lists (null for a built-in type or none). */
  tipo_sesion_nombre: string | null;
  estado: DraftState;
  progreso: number;
  mensaje_error: string | null;
  archivo_video_info: DraftVideoInfo;
  /** The number the session would get if saved now. */
  numero_sesion_siguiente: number;
  /** The running job's time left, as the progress polling last answered it (DraftProgress); absent elsewhere. */
  segundos_restantes?: number | null;
  created_at: string;
  updated_at: string;
}

/**
 * A draft in GET /sesiones-asincronas/drafts/paciente/{id}: what a list row shows. The long texts (the transcript,
 * its segments, the analyses) stay on the server; `transcripcion_preview` is their first turns (transcriptPreview).
 */
export type SessionDraftListItem = Omit<SessionDraft, 'archivo_video_info' | 'analisis_ia_paciente'> & {
  archivo_video_info: Pick<DraftVideoInfo, 'video_url' | 'file_key' | 'estado_upload' | 'upload_progress'>;
  transcripcion_preview: string | null;
};

/** POST /sesiones-asincronas/drafts (paciente_id required) and PUT (any subset: only what is sent changes). */
export interface DraftPayload extends Payload<SessionContent> {
  paciente_id?: string;
  /** The appointment the draft is opened from (one of the same patient); null unlinks it. */
  cita_id?: string | null;
  titulo?: string | null;
  descripcion?: string | null;
  archivo_video_info?: DraftVideoInfo | null;
}

/** GET /sesiones-asincronas/progress/{draftId} */
export interface DraftProgress {
  draft_id: string;
  estado: DraftState;
  progreso: number;
  archivo_video_info: DraftVideoInfo;
  mensaje_error: string | null;
  analisis_ia_paciente: string | null;
  /** Seconds the running transcription or analysis is expected to take still; null when none runs or not known yet. */
  segundos_restantes: number | null;
}

/** A patient as the therapist's detail screen reads it: GET /pacientes/unified/{id}. */
export interface PatientDetail extends PatientListItem {
  telefono: string | null;
  fecha_ingreso: string | null;
  estado_terapia: string;
  notas_terapeuticas: string | null;
  objetivos_terapia: string | null;
  plan_tratamiento: string | null;
  /** What the patient says of themself in 'Mi Perfil' (read-only here): their gender and their own notes. */
  genero: string | null;
  notas_paciente: string | null;
  /** ISO date-time of the latest session, or null. */
  ultima_sesion: string | null;
  /** The number the next session gets (highest + 1). */
  siguiente_numero_sesion: number;
}

/** PATCH /pacientes/{id}: what the therapist may correct (never email nor terapeuta_id). */
export type PatientUpdatePayload = Payload<
  Pick<
    PatientDetail,
    | 'nombre'
    | 'apellido'
    | 'telefono_paciente'
    | 'telefono'
    | 'edad'
    | 'fecha_nacimiento'
    | 'estado_civil'
    | 'profesion_ocupacion'
    | 'nivel_escolaridad'
    | 'ha_hecho_terapia'
    | 'ha_hecho_psicodelicos'
    | 'ha_hecho_constelaciones'
    | 'propuesta_terapia'
    | 'whatsapp_mensajeria_consentimiento'
    | 'fecha_ingreso'
    | 'estado_terapia'
    | 'tipo_servicio'
    | 'objetivos_terapia'
    | 'plan_tratamiento'
    | 'notas_terapeuticas'
    | 'proxima_cita'
  >
>;
