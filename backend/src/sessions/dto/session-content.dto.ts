import { MSG, NUM_VOCES_MAX, NUM_VOCES_MIN, SESSION_LIMITS, type CamposDatos } from '@consulta/shared';
import { Check, EmptyAsNull, OptionalInteger, OptionalNumber, OptionalText, type Facet } from '../../common/validation/rules';
import { DATE_PATTERN, DATE_TIME_PATTERN, parseDateOrDateTime } from '../../common/validation/date-time';
import { CAMPOS_DATOS_SCHEMA, camposDatosShapeError } from '../session-rules';

const absentOrNull = (v: unknown) => v === undefined || v === null;

/**
 * What a therapist writes about a session, shared by the session and the draft payloads: shapes and bounds only.
 * The rules that depend on the session type are checked by the services, on the merged content.
 */
export class SessionContentDto {
  /** ISO 8601 date-time (or YYYY-MM-DD, read as noon local time). */
  @Check((v) => (absentOrNull(v) || parseDateOrDateTime(v) ? null : MSG.sessions.fecha), {
    type: 'string',
    pattern: `${DATE_PATTERN}|${DATE_TIME_PATTERN}`,
    required: false,
    nullable: true,
  })
  @EmptyAsNull()
  fecha?: string | null;

  /** Whole minutes, 0 to 1440. */
  @OptionalInteger(0, SESSION_LIMITS.duracionMax, MSG.sessions.duracion)
  duracion_minutos?: number | null;

  /** 'psicoterapia' or 'psicodelica' (a custom session answers its type's name here, which is accepted back). */
  @OptionalText(100)
  @EmptyAsNull()
  tipo_sesion?: string | null;

  /** A custom type of the caller (uuid); 'psicoterapia' / 'psicodelica' are accepted here too. */
  @OptionalText(64)
  @EmptyAsNull()
  tipo_sesion_id?: string | null;

  /** 1 to 32 (the form's 5+ sends 32); default 2. */
  @OptionalInteger(NUM_VOCES_MIN, NUM_VOCES_MAX, MSG.sessions.numVoces)
  num_voces?: number | null;

  @OptionalText(SESSION_LIMITS.textMax)
  notas?: string | null;

  @OptionalText(SESSION_LIMITS.textMax)
  temas_importantes?: string | null;

  @OptionalText(SESSION_LIMITS.textMax)
  intencion?: string | null;

  @OptionalText(SESSION_LIMITS.textMax)
  tipo_medicina?: string | null;

  /** The medicine's amount: a number ≥ 0. */
  @OptionalNumber(0, SESSION_LIMITS.cantidadMax, MSG.sessions.cantidad)
  cantidad?: number | null;

  @OptionalText(SESSION_LIMITS.textMax)
  observaciones?: string | null;

  /** Custom field name → value (text, number, checkbox boolean, select option). */
  @Check((v) => (absentOrNull(v) ? null : camposDatosShapeError(v)), { ...CAMPOS_DATOS_SCHEMA, required: false, nullable: true } as Facet)
  campos_datos?: Record<string, string | number | boolean | null> | null;

  /** The patient version of the AI analysis. */
  @OptionalText(SESSION_LIMITS.longTextMax)
  analisis_ia_paciente?: string | null;
}

/** What a session and a draft answer alike: whose they are, their type, what the therapist wrote, when. */
export class SessionContentAnswerDto {
  id: string;
  paciente_id: string;
  terapeuta_id: string;
  duracion_minutos: number | null;
  tipo_sesion: string | null;
  tipo_sesion_id: string | null;
  /** The custom type's name (null for a built-in type). */
  tipo_sesion_nombre: string | null;
  num_voces: number;
  notas: string | null;
  temas_importantes: string | null;
  intencion: string | null;
  tipo_medicina: string | null;
  cantidad: number | null;
  observaciones: string | null;
  campos_datos: CamposDatos;
  /** The patient version of the AI analysis. */
  analisis_ia_paciente: string | null;
  created_at: string;
  updated_at: string;
}
