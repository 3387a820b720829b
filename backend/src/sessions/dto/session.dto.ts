import { ApiProperty, PickType, type ApiPropertyOptions } from '@nestjs/swagger';
import {
  MSG,
  SESSION_ANALYSIS_STATES,
  SESSION_LIMITS,
  type Session,
  type SessionAnalysisState,
  type SessionPayload,
  type SessionSummary,
  type SessionUpdatePayload,
  type TranscriptSegment,
} from '@consulta/shared';
import { Check, EmptyAsNull, type Facet, NullableBoolean, OptionalInteger, OptionalText, RequiredId } from '../../common/validation/rules';
import { keyOwner } from '../../storage/file-keys';
import { SEGMENTS_SCHEMA, segmentsOk } from '../../transcription/transcript-segments';
import { SessionContentAnswerDto, SessionContentDto } from './session-content.dto';

const absentOrNull = (v: unknown) => v === undefined || v === null;

/** Fields a session has beyond a draft's content. */
class SessionFieldsDto extends SessionContentDto {
  /** Ignored unless present: then it must be the signed-in therapist's id. */
  @OptionalText(64)
  @EmptyAsNull()
  terapeuta_id?: string | null;

  /** Absent: the server assigns the patient's highest number + 1. */
  @OptionalInteger(1, SESSION_LIMITS.numeroMax, MSG.sessions.numero)
  numero_sesion?: number | null;

  /** The key of an uploaded session video (POST /aws-s3/...), or null; never a URL. */
  @Check((v) => (absentOrNull(v) || (typeof v === 'string' && keyOwner(v) !== null) ? null : MSG.sessions.videoUrl))
  @EmptyAsNull()
  video_url?: string | null;

  @OptionalText(SESSION_LIMITS.longTextMax)
  transcripcion?: string | null;

  /** The transcript's turns with their times; when sent, `transcripcion` is their text. null drops the times only. */
  @Check((v) => (absentOrNull(v) || segmentsOk(v) ? null : MSG.sessions.segments), { ...SEGMENTS_SCHEMA, required: false } as Facet)
  transcripcion_segmentos?: TranscriptSegment[] | null;

  /** The therapist's original AI analysis (therapist-only). */
  @OptionalText(SESSION_LIMITS.longTextMax)
  analisis_ia?: string | null;
}

/** POST /sesiones/ */
export class CreateSessionDto extends SessionFieldsDto implements SessionPayload {
  @RequiredId(MSG.sessions.patientRequired)
  paciente_id: string;

  /** The draft this session finalizes: it is deleted in the same transaction. */
  @OptionalText(64)
  @EmptyAsNull()
  draft_id?: string | null;

  /** The appointment this session records (else the draft's): it becomes `realizada` and is linked to the session. */
  @OptionalText(64)
  @EmptyAsNull()
  cita_id?: string | null;
}

/** PUT and PATCH /sesiones/{id}: only the fields sent change; the merged session must still follow the rules. */
export class UpdateSessionDto extends SessionFieldsDto implements SessionUpdatePayload {
  /** Accepted when it is the session's own patient (a session never moves to another patient). */
  @OptionalText(64)
  paciente_id?: string;

  /** true publishes the patient version for the patient (the therapist has read it); false withdraws it. */
  @NullableBoolean()
  analisis_ia_paciente_publicado?: boolean | null;
}

/** A session as the therapist reads it; its `tipo_sesion` is the custom type's name for a custom type. */
export class SessionDto extends SessionContentAnswerDto implements Session {
  /** ISO 8601 date-time. */
  fecha: string;
  numero_sesion: number;
  /** A custom type: the 'Personalizada' badge. */
  personalizada: boolean;
  video_url: string | null;
  transcripcion: string | null;
  @ApiProperty(SEGMENTS_SCHEMA as ApiPropertyOptions)
  transcripcion_segmentos: TranscriptSegment[] | null;
  analisis_ia: string | null;
  /** The background analysis: running, failed, or null. */
  @ApiProperty({ enum: SESSION_ANALYSIS_STATES, nullable: true })
  analisis_estado: SessionAnalysisState | null;
  /** Whether the patient may read analisis_ia_paciente (saved from the form, or published by the therapist). */
  analisis_ia_paciente_publicado: boolean;
}

/** A session of GET /sesiones/paciente/{id}: what a list row shows (GET /sesiones/{id} has the rest). */
export class SessionSummaryDto
  extends PickType(SessionDto, [
    'id',
    'paciente_id',
    'terapeuta_id',
    'fecha',
    'numero_sesion',
    'duracion_minutos',
    'tipo_sesion',
    'tipo_sesion_id',
    'tipo_sesion_nombre',
    'personalizada',
    'num_voces',
    'video_url',
    'analisis_estado',
    'created_at',
    'updated_at',
  ] as const)
  implements SessionSummary
{
  tiene_transcripcion: boolean;
  tiene_analisis_ia: boolean;
  tiene_analisis_ia_paciente: boolean;
}
