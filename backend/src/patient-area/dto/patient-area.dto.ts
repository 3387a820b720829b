import {
  fillMessage,
  fullPhoneError,
  MSG,
  PATIENT_PROFILE_LIMITS,
  type CamposDatos,
  type PatientDashboard,
  type PatientOwnProfile,
  type PatientOwnProfileUpdate,
  type PatientRecentSession,
  type PatientViewSession,
  type PatientViewSessionSummary,
  type TranscriptSegment,
} from '@consulta/shared';
import { ApiProperty, OmitType, PickType, type ApiPropertyOptions } from '@nestjs/swagger';
import { Check, EmptyAsNull, OptionalDate, OptionalText } from '../../common/validation/rules';
import { photoReference } from '../../storage/photo-reference';
import { SEGMENTS_SCHEMA } from '../../transcription/transcript-segments';

/** Answers of the patient area (their shapes are libs/shared's; the columns, patient-view.sql.ts's allow-list). */

export class PatientViewSessionSummaryDto implements PatientViewSessionSummary {
  id: string;
  numero_sesion: number;
  /** ISO 8601 date-time. */
  fecha: string;
  duracion_minutos: number | null;
  /** 'psicoterapia', 'psicodelica' or the custom type's name. */
  tipo_sesion: string | null;
  tipo_sesion_nombre: string | null;
  personalizada: boolean;
  num_voces: number;
  tiene_video: boolean;
  tiene_transcripcion: boolean;
  /** A patient version of the AI analysis the therapist has published. */
  tiene_analisis_ia_paciente: boolean;
}

/** The summary's fields but its two badges, then the session's content. */
export class PatientViewSessionDto
  extends OmitType(PatientViewSessionSummaryDto, ['tiene_transcripcion', 'tiene_analisis_ia_paciente'] as const)
  implements PatientViewSession
{
  temas_importantes: string | null;
  intencion: string | null;
  tipo_medicina: string | null;
  cantidad: number | null;
  @ApiProperty({ type: 'object', additionalProperties: true })
  campos_datos: CamposDatos;
  transcripcion: string | null;
  /** The transcript's turns with their times (the same words as `transcripcion`). */
  @ApiProperty(SEGMENTS_SCHEMA as ApiPropertyOptions)
  transcripcion_segmentos: TranscriptSegment[] | null;
  /** Only once the therapist has published it. */
  analisis_ia_paciente: string | null;
  created_at: string;
}

export class PatientRecentSessionDto
  extends PickType(PatientViewSessionSummaryDto, ['id', 'numero_sesion', 'fecha', 'duracion_minutos'] as const)
  implements PatientRecentSession {}

export class PatientDashboardDto implements PatientDashboard {
  nombre: string;
  total_sesiones: number;
  total_tiempo_minutos: number;
  ejercicios_asignados: number;
  fecha_ingreso: string | null;
  sesiones_recientes: PatientRecentSessionDto[];
  ultima_sesion: string | null;
  /** Null when none is set or it has passed. */
  proxima_cita: string | null;
}

export class PatientOwnProfileDto implements PatientOwnProfile {
  id: string;
  nombre: string;
  apellido: string;
  email: string;
  /** Full number with its dial code. */
  telefono: string | null;
  direccion: string | null;
  fecha_nacimiento: string | null;
  /** In the patient's own words. */
  genero: string | null;
  /** As stored: an uploaded file's key or an https: URL. */
  foto_perfil: string | null;
  /** What to show (a signed URL of an uploaded photo lasts 1 h). */
  avatar_url: string | null;
  fecha_ingreso: string | null;
  estado: string;
  /** The patient's own notes about themself (never the therapist's). */
  notas: string | null;
  terapeuta_asignado: string;
  proxima_sesion: string | null;
  sesiones_completadas: number;
  ultima_sesion: string | null;
}

const absentOr = (check: (v: unknown) => string | null) => (v: unknown) => (v === undefined ? null : check(v));

/** Absent, null or a text of at most `max` characters, said in the patient's terms when longer. */
const OwnText = (max: number, tooLong: string) =>
  Check(
    (v, args) => {
      if (v === undefined || v === null) return null;
      if (typeof v !== 'string') return fillMessage(MSG.validation.text, { campo: args.property });
      return v.length > max ? tooLong : null;
    },
    { type: 'string', required: false, nullable: true, maxLength: max },
  );

/** PUT and PATCH /pacientes/perfil: these six fields and no other (any other key is refused with 400). */
export class UpdateOwnProfileDto implements PatientOwnProfileUpdate {
  /** The full number with a dial code of the list, e.g. +34612345678 (required once given: it cannot be cleared). */
  @Check(absentOr((v) => (v === null || typeof v === 'string' ? fullPhoneError(v) : MSG.phone.invalid)))
  telefono?: string;

  @OptionalText(PATIENT_PROFILE_LIMITS.direccionMax)
  direccion?: string | null;

  /** YYYY-MM-DD, not in the future; null clears it. */
  @OptionalDate(MSG.patients.birthDate, true)
  @EmptyAsNull()
  fecha_nacimiento?: string | null;

  /** Free text in the patient's own words; blank clears it. */
  @OwnText(PATIENT_PROFILE_LIMITS.generoMax, MSG.patientArea.generoTooLong)
  genero?: string | null;

  /** The patient's own notes about themself, read by their therapist; blank clears them. */
  @OwnText(PATIENT_PROFILE_LIMITS.notasMax, MSG.patientArea.notasTooLong)
  notas?: string | null;

  /** The key of the caller's photo upload (custom_path pacientes/{id}/perfil), an https: image URL, or null. */
  @Check(absentOr((v) => (v === null || photoReference(v) ? null : MSG.patientArea.photoReference)))
  @EmptyAsNull()
  foto_perfil?: string | null;
}
