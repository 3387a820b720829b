import type { CamposDatos, TranscriptSegment } from './sessions';

/**
 * The patient area: what a signed-in patient reads of their own record and
 * sessions. Each shape is an allow-list (docs/decisions/patient-area-and-exports.md, "The patient area"): the therapist's private notes
 * (`notas`, `observaciones`), the therapist's analysis, an unpublished patient analysis, the record's therapeutic
 * notes and treatment plan, and drafts have no field here.
 */

/** A session in 'Sesiones Anteriores' (GET /sesiones/paciente/mis-sesiones): what a card shows and its badges. */
export interface PatientViewSessionSummary {
  id: string;
  numero_sesion: number;
  /** ISO 8601 date-time. */
  fecha: string;
  duracion_minutos: number | null;
  /** 'psicoterapia', 'psicodelica', or the custom type's name. */
  tipo_sesion: string | null;
  /** The custom type's name (null for a built-in type). */
  tipo_sesion_nombre: string | null;
  /** A custom type: the 'Personalizada' badge. */
  personalizada: boolean;
  num_voces: number;
  /** The 'Video' badge; the video itself comes from GET /sesiones/paciente/sesion/{id}/download-video. */
  tiene_video: boolean;
  /** The 'Transcripción' badge. */
  tiene_transcripcion: boolean;
  /** The 'Análisis IA' badge: a patient version the therapist has published. */
  tiene_analisis_ia_paciente: boolean;
}

/** One session as its patient reads it (GET /sesiones/paciente/sesion/{id}). */
export interface PatientViewSession extends Omit<PatientViewSessionSummary, 'tiene_transcripcion' | 'tiene_analisis_ia_paciente'> {
  temas_importantes: string | null;
  intencion: string | null;
  tipo_medicina: string | null;
  cantidad: number | null;
  /** The custom type's fields: name → value ('Campos Específicos'). */
  campos_datos: CamposDatos;
  transcripcion: string | null;
  /** The transcript's turns with their times (the same words as `transcripcion`), or null. */
  transcripcion_segmentos: TranscriptSegment[] | null;
  /** The patient version of the AI analysis, only once the therapist has published it; else null. */
  analisis_ia_paciente: string | null;
  /** ISO 8601 date-time the session was registered. */
  created_at: string;
}

/** A row of the dashboard's recent sessions. */
export type PatientRecentSession = Pick<PatientViewSession, 'id' | 'numero_sesion' | 'fecha' | 'duracion_minutos'>;

/** GET /pacientes/paciente/dashboard. */
export interface PatientDashboard {
  /** The patient's first name. */
  nombre: string;
  total_sesiones: number;
  total_tiempo_minutos: number;
  /** Exercises on the patient's list (individual or through modules), each once: the 'Ejercicios' page's count. */
  ejercicios_asignados: number;
  /** YYYY-MM-DD; days in therapy are counted from it. */
  fecha_ingreso: string | null;
  /** The latest sessions, newest first (at most PATIENT_RECENT_SESSIONS). */
  sesiones_recientes: PatientRecentSession[];
  /** ISO date-time of the latest session, or null. */
  ultima_sesion: string | null;
  /** ISO date-time of the next appointment; null when none is set or it has passed. */
  proxima_cita: string | null;
}

/** How many sessions the dashboard lists. */
export const PATIENT_RECENT_SESSIONS = 5;

/** GET /pacientes/perfil. */
export interface PatientOwnProfile {
  /** The patient's id (their photo uploads under UPLOAD_PATHS.profilePhoto(id)). */
  id: string;
  nombre: string;
  apellido: string;
  email: string;
  /** The full number with its dial code (+34612345678): the practice's way to reach the patient. */
  telefono: string | null;
  direccion: string | null;
  /** YYYY-MM-DD */
  fecha_nacimiento: string | null;
  /** In the patient's own words. */
  genero: string | null;
  /** The photo as stored: the key of the patient's upload, or an https: image URL. */
  foto_perfil: string | null;
  /** What to show: a signed URL of the uploaded photo (1 h), the https: URL, or the Google picture. */
  avatar_url: string | null;
  /** YYYY-MM-DD */
  fecha_ingreso: string | null;
  /** activo, inactivo or alta. */
  estado: string;
  /** The patient's own notes about themself (their therapist reads them); never the therapist's notes. */
  notas: string | null;
  /** The therapist's name. */
  terapeuta_asignado: string;
  /** ISO date-time of the next appointment; null when none is set or it has passed. */
  proxima_sesion: string | null;
  sesiones_completadas: number;
  /** ISO date-time of the latest session, or null. */
  ultima_sesion: string | null;
}

/** PUT and PATCH /pacientes/perfil: only these fields, and only those sent, change. */
export interface PatientOwnProfileUpdate {
  /** The full number with its dial code, as at registration. */
  telefono?: string;
  direccion?: string | null;
  fecha_nacimiento?: string | null;
  genero?: string | null;
  notas?: string | null;
  /** The key of the caller's uploaded photo (custom_path UPLOAD_PATHS.profilePhoto), an https: URL, or null. */
  foto_perfil?: string | null;
}

export const PATIENT_PROFILE_LIMITS = { direccionMax: 300, generoMax: 50, notasMax: 2000, fotoPerfilMax: 2048 } as const;

/**
 * Who reads a written field of a session: the patient in their area ('paciente'), the patient once the therapist
 * has published it ('publicado'), or the therapist alone ('privado'). The session form marks its fields from this
 * list; the patient area's allow-list (the server's patient-view SQL, typed by PatientViewSession) is the truth, and
 * the checks below stop the build when the two part.
 */
export const SESSION_FIELD_AUDIENCE = {
  fecha: 'paciente',
  numero_sesion: 'paciente',
  tipo_sesion: 'paciente',
  duracion_minutos: 'paciente',
  num_voces: 'paciente',
  notas: 'privado',
  temas_importantes: 'paciente',
  intencion: 'paciente',
  tipo_medicina: 'paciente',
  cantidad: 'paciente',
  observaciones: 'privado',
  campos_datos: 'paciente',
  transcripcion: 'paciente',
  analisis_ia: 'privado',
  analisis_ia_paciente: 'publicado',
} as const satisfies Record<string, 'paciente' | 'publicado' | 'privado'>;

export type SessionAudienceField = keyof typeof SESSION_FIELD_AUDIENCE;
export type SessionFieldAudience = (typeof SESSION_FIELD_AUDIENCE)[SessionAudienceField];

type ShownToPatient = {
  [K in SessionAudienceField]: (typeof SESSION_FIELD_AUDIENCE)[K] extends 'privado' ? never : K;
}[SessionAudienceField];
/** Compiles only while every field the list shows is in the patient's answer, and no private one is. */
export type SessionAudienceMatchesPatientView = [
  Exclude<ShownToPatient, keyof PatientViewSession> extends never ? true : never,
  Extract<Exclude<SessionAudienceField, ShownToPatient>, keyof PatientViewSession> extends never ? true : never,
];
export const SESSION_AUDIENCE_MATCHES_PATIENT_VIEW: SessionAudienceMatchesPatientView = [true, true];
