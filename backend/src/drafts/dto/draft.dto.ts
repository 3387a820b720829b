import {
  MSG,
  SESSION_LIMITS,
  type DraftPayload,
  type DraftProgress,
  type DraftState,
  type DraftVideoInfo,
  type SessionDraft,
  type SessionDraftListItem,
} from '@consulta/shared';
import { OmitType } from '@nestjs/swagger';
import { Check, EmptyAsNull, OptionalText, RequiredId, type Facet } from '../../common/validation/rules';
import { SessionContentAnswerDto, SessionContentDto } from '../../sessions/dto/session-content.dto';
import { VIDEO_INFO_SCHEMA, videoInfoError } from '../draft-video-info';

/** What a draft holds beyond the session content. */
class DraftFieldsDto extends SessionContentDto implements DraftPayload {
  @OptionalText(SESSION_LIMITS.titleMax)
  titulo?: string | null;

  @OptionalText(SESSION_LIMITS.textMax)
  descripcion?: string | null;

  /** Merged key by key: script_text, transcript (segments), analisis_ia; the video keys come with video storage. */
  @Check((v) => (v === undefined || v === null ? null : videoInfoError(v)), {
    ...VIDEO_INFO_SCHEMA,
    required: false,
    nullable: true,
  } as Facet)
  archivo_video_info?: DraftVideoInfo | null;

  /** The appointment the draft is opened from (one of the same patient): the session saved from it marks it `realizada`. */
  @OptionalText(64)
  @EmptyAsNull()
  cita_id?: string | null;
}

/** PUT /sesiones-asincronas/drafts/{id}: only the fields sent change. */
export class UpdateDraftDto extends DraftFieldsDto {
  /** Accepted when it is the draft's own patient (a draft never moves to another patient). */
  @OptionalText(64)
  paciente_id?: string;
}

/** POST /sesiones-asincronas/drafts */
export class CreateDraftDto extends DraftFieldsDto {
  @RequiredId(MSG.sessions.patientRequired)
  paciente_id: string;
}

/** An auto-saved draft. */
export class DraftDto extends SessionContentAnswerDto implements SessionDraft {
  /** The draft's id (`id` too). */
  draft_id: string;
  cita_id: string | null;
  titulo: string | null;
  descripcion: string | null;
  /** borrador, procesando, subiendo_video, transcribiendo, guardando, completado, fallido, cancelado. */
  estado: DraftState;
  /** 0 to 100. */
  progreso: number;
  mensaje_error: string | null;
  /** ISO 8601 date-time, or null until chosen. */
  fecha: string | null;
  archivo_video_info: DraftVideoInfo;
  numero_sesion_siguiente: number;
}

/** A listed draft's video: where it is and how its upload went (what the jobs made of it stays on the server). */
export class DraftListVideoDto {
  video_url?: string | null;
  file_key?: string | null;
  estado_upload?: string | null;
  upload_progress?: number | null;
}

/** A draft of GET /sesiones-asincronas/drafts/paciente/{id}: the long texts stay on the server (GET drafts/{id} has them). */
export class DraftListItemDto
  extends OmitType(DraftDto, ['archivo_video_info', 'analisis_ia_paciente'] as const)
  implements SessionDraftListItem
{
  archivo_video_info: DraftListVideoDto;
  /** The transcript's first 3 turns, at most 200 characters ('…' when there is more), or null without one. */
  transcripcion_preview: string | null;
}

/** GET /sesiones-asincronas/progress/{draftId} */
export class DraftProgressDto implements DraftProgress {
  draft_id: string;
  estado: DraftState;
  progreso: number;
  archivo_video_info: DraftVideoInfo;
  mensaje_error: string | null;
  analisis_ia_paciente: string | null;
  /**
   * While a transcription or an analysis runs: the seconds it is expected to take still, from the video's length and
   * the provider's speed in its last runs (at least 1); null when no job runs or its time is not known yet (queued,
   * the video still being measured).
   */
  segundos_restantes: number | null;
}
