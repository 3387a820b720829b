import type { AskableConsentKind, InitialConsent } from './consents';
import type { Role } from './roles';

/** Shapes of the API, shared by the server's DTOs and the client. */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** The picture to show: the profile photo (an uploaded one as a signed URL), else the Google picture. */
  avatar_url: string | null;
  /** The profile photo as stored: an uploaded file's key or an https: URL (not an address to show). */
  foto_perfil: string | null;
}

export interface LoginResponse {
  access_token: string;
  must_change_password: boolean;
}

export interface PatientListItem {
  id: string;
  nombre: string;
  apellido: string;
  edad: number | null;
  email: string;
  telefono_paciente: string | null;
  fecha_nacimiento: string | null;
  estado_civil: string | null;
  profesion_ocupacion: string | null;
  nivel_escolaridad: string | null;
  propuesta_terapia: string | null;
  ha_hecho_terapia: boolean | null;
  ha_hecho_psicodelicos: boolean | null;
  ha_hecho_constelaciones: boolean | null;
  tipo_servicio: string | null;
  fecha_creacion: string;
  terapeuta_id: string;
  total_sesiones: number;
  total_tiempo_minutos: number;
  whatsapp_mensajeria_consentimiento: boolean;
  /** ISO date-time of the next appointment in the agenda (programada or confirmada, still ahead), or null. */
  proxima_cita: string | null;
  /** An answer to a questionnaire raised the safety alert and the therapist has not marked it reviewed yet. */
  alerta_seguridad: boolean;
}

export interface CreatePatientPayload {
  email: string;
  telefono_paciente: string;
  nombre: string;
  apellido: string;
  edad: number | null;
  estado_civil: string | null;
  profesion_ocupacion: string | null;
  nivel_escolaridad: string | null;
  ha_hecho_terapia: boolean | null;
  ha_hecho_psicodelicos: boolean | null;
  ha_hecho_constelaciones: boolean | null;
  propuesta_terapia: string | null;
  tipo_servicio: string | null;
  telefono: string | null;
  whatsapp_mensajeria_consentimiento: boolean;
  fecha_nacimiento: string | null;
  fecha_ingreso: string;
  estado_terapia: 'activo';
  notas_terapeuticas: string | null;
  objetivos_terapia: string | null;
  plan_tratamiento: string | null;
  /** Consents the therapist takes with the new patient, recorded with it (by the therapist, dated now). */
  consentimientos?: InitialConsent[] | null;
}

export interface CreatePatientResponse {
  id: string;
  patient_id: string;
  email: string;
  temporary_password: string;
}

/** What the client needs to know before sign-in (not in the spec: GET /config). */
export interface PublicConfig {
  google_client_id: string | null;
  demo_login: boolean;
  /** Whether an AI provider is configured (transcription, analyses, assistants); false: they answer 503. */
  ia_configurada: boolean;
  /** Whether names, contacts and dates of birth leave for the AI provider as placeholders (AI_PSEUDONYMIZE). */
  ia_seudonimizada: boolean;
  /** The practice's currency (DEFAULT_CURRENCY, ISO 4217): every price is in it. */
  moneda: string;
  /** The country of a therapist who chose none (DEFAULT_COUNTRY, ISO 3166). */
  pais: string;
}

export interface DemoUser {
  email: string;
  name: string;
  role: Role;
}

/** POST /invitations/send: exactly one of the two. */
export interface InvitationSendPayload {
  email?: string;
  /** Full number with its dial code, e.g. +573001234567. */
  phone_number?: string;
  /** Consents the patient will be asked for at registration (an unticked box each). */
  consentimientos?: AskableConsentKind[] | null;
}

export interface InvitationSendResponse {
  message: string;
  method: 'email' | 'whatsapp';
  expires_at: string;
  /** Only for WhatsApp invitations: https://wa.me/<digits>?text=<message with the link>. */
  whatsapp_url: string | null;
}

/** GET /invitations/validate/{token} */
export interface InvitationValidation {
  valid: boolean;
  message: string;
  therapist_name: string | null;
  email: string | null;
  phone_number: string | null;
  /** The consents the invitation asks for (empty when it is not valid). */
  consentimientos: AskableConsentKind[];
  /** The inviting therapist's country (ISO 3166): the phone field's default dial code. */
  pais: string;
}

/** POST /invitations/register */
export interface InvitationRegisterPayload {
  invitation_token: string;
  nombre: string;
  apellido: string;
  /** Local number (7-12 digits); required when the invitation came by e-mail. */
  telefono?: string | null;
  /** Dial code of telefono (default +57). */
  codigo_pais?: string | null;
  /** Required when the invitation came by phone. */
  email?: string | null;
  edad?: number | null;
  fecha_nacimiento?: string | null;
  estado_civil?: string | null;
  profesion_ocupacion?: string | null;
  nivel_escolaridad?: string | null;
  ha_hecho_terapia?: boolean | null;
  ha_hecho_psicodelicos?: boolean | null;
  ha_hecho_constelaciones?: boolean | null;
  propuesta_terapia?: string | null;
  whatsapp_mensajeria_consentimiento?: boolean | null;
  password: string;
  /** The asked consents the patient ticked: each recorded as their own digital consent. */
  consentimientos?: AskableConsentKind[] | null;
}

export interface MessageResponse {
  message: string;
}

export const SESSION_FIELD_TYPES = ['text', 'textarea', 'number', 'select', 'checkbox'] as const;
export type SessionFieldType = (typeof SESSION_FIELD_TYPES)[number];

/** A custom field of a session type. */
export interface SessionFieldDefinition {
  nombre: string;
  tipo: SessionFieldType;
  requerido: boolean;
  placeholder: string | null;
  /** Only for select: the choices, at least one. */
  opciones: string[];
}

/** A therapist's custom session type. `valor` is money: a number with at most 2 decimals. */
export interface SessionType {
  id: string;
  nombre: string;
  descripcion: string | null;
  campos: SessionFieldDefinition[];
  activo: boolean;
  valor: number;
  terapeuta_id: string;
  fecha_creacion: string;
  fecha_actualizacion: string;
}

export type SessionTypePayload = Pick<SessionType, 'nombre' | 'descripcion' | 'campos' | 'activo' | 'valor'>;

/** An entry of the therapist's studies or certifications. */
export interface EducationEntry {
  id: string;
  titulo: string;
  institucion: string;
  año: number | null;
}

/** GET /terapeuta/perfil. */
export interface TherapistProfile {
  name: string;
  email: string;
  especialidad: string | null;
  licencia: string | null;
  telefono: string | null;
  direccion: string | null;
  biografia: string | null;
  estudios: EducationEntry[];
  certificaciones: EducationEntry[];
  avatar_url: string | null;
  /** The zone the practice works in (IANA): the profile's, else DEFAULT_TIME_ZONE. Every agenda time is shown in it. */
  zona_horaria: string;
  /** The practice's country (ISO 3166): the profile's, else DEFAULT_COUNTRY. Phone fields start with its dial code. */
  pais: string;
}

/** PUT /terapeuta/perfil: the editable fields (name and e-mail are not). */
export type TherapistProfileUpdate = Partial<
  Pick<TherapistProfile, 'especialidad' | 'licencia' | 'telefono' | 'direccion' | 'biografia'> & {
    foto_perfil: string | null;
    zona_horaria: string | null;
    pais: string | null;
  }
>;
