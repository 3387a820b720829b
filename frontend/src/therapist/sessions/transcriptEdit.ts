import { TRANSCRIPT_LIMITS, transcriptText, type TranscriptSegment } from '@consulta/shared';
import { WORKSPACE_TEXT } from '../../i18n/es/workspace';
import type { SessionForm } from './sessionForm';

/**
 * The diarized transcript as the therapist edits it (`transcript`): turns by speaker, each turn's text
 * editable, a speaker renamed everywhere at once. Pure: the form keeps the segments and their text together.
 */

/** The form's change for new segments: the segments and the transcript text derived from them (one turn a line). */
export const withSegments = (segments: TranscriptSegment[]): Pick<SessionForm, 'segments' | 'transcripcion'> => ({
  segments,
  transcripcion: transcriptText(segments),
});

/** The transcript with turn `index`'s text replaced (the same array when nothing changes). */
export function editTurn(segments: TranscriptSegment[], index: number, text: string): TranscriptSegment[] {
  const turn = segments[index];
  if (!turn || turn.text === text) return segments;
  const next = segments.slice();
  next[index] = { ...turn, text };
  return next;
}

/**
 * Every turn of `from` said by `to` instead ('Hablante 1' → 'Terapeuta'). Renaming to a name another speaker has
 * merges the two (diarization sometimes splits one voice in two). The same array when nothing changes.
 */
export function renameSpeaker(segments: TranscriptSegment[], from: string, to: string): TranscriptSegment[] {
  const name = to.trim();
  if (!name || name === from || !segments.some((s) => s.speaker_label === from)) return segments;
  return segments.map((s) => (s.speaker_label === from ? { ...s, speaker_label: name } : s));
}

/** Why a new speaker name cannot be used, or null. */
export function speakerNameProblem(name: string): string | null {
  const t = name.trim();
  if (!t) return WORKSPACE_TEXT.ai.speakerNameRequired;
  if (t.length > TRANSCRIPT_LIMITS.speakerLabelMax) return WORKSPACE_TEXT.ai.speakerNameTooLong(TRANSCRIPT_LIMITS.speakerLabelMax);
  return null;
}
