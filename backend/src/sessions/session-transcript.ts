import { BadRequestException } from '@nestjs/common';
import { MSG, SESSION_LIMITS, fillMessage, transcriptText, type TranscriptSegment } from '@consulta/shared';
import { problem } from '../common/errors/error.dto';
import { textOrNull } from './session-rules';

/** What a save writes of a session's transcript: its text and, while they still say that text, its turns with times. */
export interface TranscriptValues {
  transcripcion: string | null;
  segmentos: TranscriptSegment[] | null;
}

interface TranscriptPayload {
  transcripcion?: string | null;
  transcripcion_segmentos?: TranscriptSegment[] | null;
}

/** The same words, whatever the line ends and the blank lines around. */
const sameText = (a: string | null, b: string | null) =>
  (a ?? '').replace(/\r\n?/g, '\n').trim() === (b ?? '').replace(/\r\n?/g, '\n').trim();

/** Turns sent: the text is theirs (one turn a line), within the transcript's limit. */
function fromSegments(segmentos: TranscriptSegment[]): TranscriptValues {
  const transcripcion = textOrNull(transcriptText(segmentos));
  if (transcripcion && transcripcion.length > SESSION_LIMITS.longTextMax) {
    throw new BadRequestException(
      problem(fillMessage(MSG.validation.tooLong, { campo: 'transcripcion', max: SESSION_LIMITS.longTextMax }), 'VALIDATION'),
    );
  }
  return { transcripcion, segmentos };
}

/**
 * A new session's transcript: the turns sent; else, saved from a draft, the draft's turns when the text sent is
 * theirs (or none is sent); else the text alone.
 */
export function newTranscript(dto: TranscriptPayload, draftSegments: TranscriptSegment[] | null | undefined): TranscriptValues {
  if (dto.transcripcion_segmentos?.length) return fromSegments(dto.transcripcion_segmentos);
  const text = textOrNull(dto.transcripcion);
  const fromDraft =
    dto.transcripcion_segmentos === undefined &&
    Boolean(draftSegments?.length) &&
    (dto.transcripcion === undefined || sameText(text, transcriptText(draftSegments)));
  return fromDraft ? fromSegments(draftSegments!) : { transcripcion: text, segmentos: null };
}

/**
 * A session's turns end within its duration, when it has one (null or 0: none given). The duration is in whole
 * minutes, so a turn may reach the end of its last minute (a 50-minute session, up to 50:59); a longer recording needs
 * a longer duration. Without one, the turns' own rule bounds them by the longest session (transcript-segments.ts).
 */
export function assertTurnsWithinDuration(segmentos: readonly TranscriptSegment[] | null, minutos: number | null): void {
  if (!segmentos?.length || !minutos) return;
  if (segmentos.every((s) => s.end_time < (minutos + 1) * 60)) return;
  throw new BadRequestException(problem(fillMessage(MSG.sessions.segmentsPastDuration, { minutos }), 'VALIDATION'));
}

/**
 * An edited session's transcript, or null when the payload leaves it alone. Turns sent replace the turns and the
 * text; null turns drop the times and keep the text (or take the one sent); a text alone keeps the turns only while
 * it is still their text (a turn edited keeps its times; a rewritten transcript has no times left to keep).
 */
export function editedTranscript(dto: TranscriptPayload, current: TranscriptValues): TranscriptValues | null {
  if (dto.transcripcion_segmentos !== undefined) {
    if (dto.transcripcion_segmentos?.length) return fromSegments(dto.transcripcion_segmentos);
    return { transcripcion: dto.transcripcion !== undefined ? textOrNull(dto.transcripcion) : current.transcripcion, segmentos: null };
  }
  if (dto.transcripcion === undefined) return null;
  const transcripcion = textOrNull(dto.transcripcion);
  const keep = current.segmentos?.length && sameText(transcripcion, transcriptText(current.segmentos));
  return { transcripcion, segmentos: keep ? current.segmentos : null };
}
