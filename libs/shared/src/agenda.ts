/**
 * The practice's agenda: appointments (`citas`), their series, reminders, the patient's answers and the calendar
 * feed. Shapes of the API and the rules both sides apply alike.
 */

export const APPOINTMENT_STATES = ['programada', 'confirmada', 'cancelada', 'realizada', 'no_asistio'] as const;
export type AppointmentState = (typeof APPOINTMENT_STATES)[number];
export const APPOINTMENT_STATE_LABELS: Record<AppointmentState, string> = {
  programada: 'Programada',
  confirmada: 'Confirmada',
  cancelada: 'Cancelada',
  realizada: 'Realizada',
  no_asistio: 'No asistió',
};
/** The states an appointment still takes up time in (overlaps, reminders, the next appointment). */
export const ACTIVE_APPOINTMENT_STATES = ['programada', 'confirmada'] as const satisfies readonly AppointmentState[];

export const APPOINTMENT_MODES = ['presencial', 'videollamada'] as const;
export type AppointmentMode = (typeof APPOINTMENT_MODES)[number];
export const APPOINTMENT_MODE_LABELS: Record<AppointmentMode, string> = {
  presencial: 'Presencial',
  videollamada: 'Videollamada',
};

/** `mensual`: the same weekday of the same week of the month (the 3rd Tuesday); a 5th week becomes the month's last. */
export const SERIES_FREQUENCIES = ['semanal', 'quincenal', 'mensual'] as const;
export type SeriesFrequency = (typeof SERIES_FREQUENCIES)[number];
export const SERIES_FREQUENCY_LABELS: Record<SeriesFrequency, string> = {
  semanal: 'Cada semana',
  quincenal: 'Cada dos semanas',
  mensual: 'Cada mes',
};

/** What a move, an edit or a cancellation of an appointment of a series acts on. */
export const APPOINTMENT_SCOPES = ['esta', 'siguientes'] as const;
export type AppointmentScope = (typeof APPOINTMENT_SCOPES)[number];

export type CancelledBy = 'terapeuta' | 'paciente';

export const AGENDA_LIMITS = {
  minMinutes: 15,
  maxMinutes: 480,
  placeMax: 500,
  notesMax: 2000,
  reasonMax: 500,
  seriesMin: 2,
  seriesMax: 52,
  /** GET /citas answers at most this many days at once. */
  rangeMaxDays: 92,
  /** The feed serves from this many days back to a year ahead. */
  feedDaysBack: 30,
  feedDaysAhead: 366,
  /** The patient's 'Mis citas' shows the upcoming ones and those of the last this many days. */
  patientPastDays: 30,
} as const;

/** Default duration offered by the agenda's dialog. */
export const DEFAULT_APPOINTMENT_MINUTES = 50;

export interface AppointmentPatient {
  nombre: string;
  apellido: string;
}

/** When, how and in what state: what every answer about an appointment says (the therapist's, the patient's, the link's). */
export interface AppointmentTimes {
  /** ISO 8601 instants with their offset (UTC, `Z`). */
  inicio: string;
  fin: string;
  duracion_minutos: number;
  modalidad: AppointmentMode;
  lugar_o_enlace: string | null;
  estado: AppointmentState;
}

/** One appointment as the therapist reads it (GET /citas, and every therapist answer). */
export interface Appointment extends AppointmentTimes {
  id: string;
  paciente_id: string;
  paciente: AppointmentPatient;
  serie_id: string | null;
  sesion_id: string | null;
  /** Therapist-only. */
  notas: string | null;
  cancelada_por: CancelledBy | null;
  motivo_cancelacion: string | null;
  /** When the patient confirmed (by their area or the mailed link). */
  confirmada_en: string | null;
  /** When the last reminder was sent, for the current start (null: not yet). */
  recordatorio_enviado_en: string | null;
}

export interface AppointmentRepeat {
  frecuencia: SeriesFrequency;
  /** How many appointments in all (2-52), or… */
  veces?: number;
  /** …until this day (YYYY-MM-DD, in the therapist's zone, included). */
  hasta?: string;
}

/** Body of POST /citas. */
export interface CreateAppointmentPayload {
  paciente_id: string;
  /** An instant with its offset: '2027-03-16T10:00:00+01:00' or '…Z'. */
  inicio: string;
  duracion_minutos: number;
  modalidad: AppointmentMode;
  lugar_o_enlace?: string | null;
  notas?: string | null;
  repetir?: AppointmentRepeat | null;
  permitir_solapamiento?: boolean;
}

export interface CreateAppointmentResponse {
  citas: Appointment[];
}

/** Body of PATCH /citas/{id}: what is sent changes; `alcance: 'siguientes'` applies it to the later ones of its series too. */
export interface UpdateAppointmentPayload {
  inicio?: string;
  duracion_minutos?: number;
  modalidad?: AppointmentMode;
  lugar_o_enlace?: string | null;
  notas?: string | null;
  /** programada, confirmada, realizada or no_asistio (cancelling goes through POST /citas/{id}/cancelar). */
  estado?: AppointmentState;
  alcance?: AppointmentScope;
  permitir_solapamiento?: boolean;
}

/** PATCH answers every appointment it changed. */
export interface UpdateAppointmentResponse {
  citas: Appointment[];
}

/** Body of POST /citas/{id}/cancelar. */
export interface CancelAppointmentPayload {
  motivo?: string | null;
  alcance?: AppointmentScope;
  /** Mail the patient (default true). */
  avisar_paciente?: boolean;
}

/** An appointment that stands in the way (the 409 APPOINTMENT_OVERLAP answer lists them in `conflictos`). */
export interface AppointmentConflict {
  id: string;
  inicio: string;
  fin: string;
  paciente: AppointmentPatient;
}

/** The patient's own appointment ('Mis citas'): never the therapist's notes. */
export interface PatientAppointment extends AppointmentTimes, Pick<Appointment, 'id' | 'cancelada_por' | 'confirmada_en'> {
  /** The reason given with the cancellation (the therapist's is told to the patient; the patient's own). */
  motivo_cancelacion: string | null;
  terapeuta_nombre: string;
  /** Whether the patient may still cancel it themself (up to PATIENT_CANCEL_HOURS before the start). */
  puede_cancelar: boolean;
  /** Whether the patient may still confirm it (programada and in the future). */
  puede_confirmar: boolean;
}

/** GET /pacientes/perfil/citas. */
export interface PatientAppointmentsResponse {
  /** The therapist's time zone: every time is shown in it. */
  zona_horaria: string;
  /** Hours before the start until which the patient may cancel. */
  horas_cancelacion: number;
  proximas: PatientAppointment[];
  pasadas: PatientAppointment[];
}

export type PublicAppointmentAction = 'confirmar' | 'cancelar';

/** GET /citas/publica/{token}: what the mailed link's page shows (no sign-in). */
export interface PublicAppointment extends AppointmentTimes {
  accion: PublicAppointmentAction;
  terapeuta_nombre: string;
  /** The patient's first name only. */
  paciente_nombre: string;
  zona_horaria: string;
  /** Whether the link still acts: false once the appointment started, was cancelled or (cancelling) it is too late. */
  vigente: boolean;
  /** Why it does not act, in Spanish (null when it does). */
  motivo_no_vigente: string | null;
}

/** POST /citas/calendario. */
export interface CalendarFeedResponse {
  url: string;
}

/** GET /citas/calendario: whether a feed exists (its URL is shown only once, when made). */
export interface CalendarFeedStatus {
  activo: boolean;
  creado_en: string | null;
}

/** A time zone name the platform knows (IANA, as the runtime's Intl knows them). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('es-ES', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const FORMATS = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone and style, made once: a week's calendar formats hundreds of times. */
function formatter(timeZone: string, style: 'long' | 'hour'): Intl.DateTimeFormat {
  const key = `${style} ${timeZone}`;
  let format = FORMATS.get(key);
  if (!format) {
    const date = style === 'long' ? ({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' } as const) : {};
    format = new Intl.DateTimeFormat('es-ES', { ...date, hour: '2-digit', minute: '2-digit', timeZone });
    FORMATS.set(key, format);
  }
  return format;
}

const asDate = (instant: string | Date) => (typeof instant === 'string' ? new Date(instant) : instant);

/** "martes, 16 de marzo de 2027, 10:00": an instant in a zone, as every screen, mail and feed says it. */
export function formatAppointmentTime(instant: string | Date, timeZone: string): string {
  return formatter(timeZone, 'long').format(asDate(instant));
}

/** "10:00": the time of day of an instant in a zone. */
export function formatAppointmentHour(instant: string | Date, timeZone: string): string {
  return formatter(timeZone, 'hour').format(asDate(instant));
}

/** 'L. F.': the initials a calendar outside the practice carries instead of a name. */
export function initials(nombre: string, apellido: string): string {
  const first = (text: string) => text.trim().charAt(0).toLocaleUpperCase('es-ES');
  return [first(nombre), first(apellido)]
    .filter(Boolean)
    .map((c) => `${c}.`)
    .join(' ');
}
