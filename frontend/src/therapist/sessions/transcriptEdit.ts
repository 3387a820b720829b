import { TRANSCRIPT_LIMITS, type TranscriptSegment } from '@consulta/shared';
import { WORKSPACE_TEXT } from '../../i18n/es/workspace';
import { segmentsToText, type SessionForm } from './sessionForm';

/**
 * The diarized transcript as the therapist edits it (`transcript`): turns by speaker, each turn's text
 * editable, a speaker renamed everywhere at once. Pure: the form keeps the segments and their text together.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** A turn's start as the player shows it: 'm:ss' under an hour ('0:05', '12:40'), else 'h:mm:ss'. */
export function formatTimestamp(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** The speakers of a transcript, in the order they first speak. */
export function speakersOf(segments: readonly TranscriptSegment[]): string[] {
  const seen = new Set<string>();
  for (const s of segments) seen.add(s.speaker_label);
  return [...seen];
}

/** The form's change for new segments: the segments and the transcript text derived from them (one turn a line). */
export const withSegments = (segments: TranscriptSegment[]): Pick<SessionForm, 'segments' | 'transcripcion'> => ({
  segments,
  transcripcion: segmentsToText(segments),
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

/**
 * One colour per speaker, by the order they first speak (dark enough for text on white: 4.5:1 or more). Past the
 * palette's end the colours repeat; the label still tells the speakers apart.
 */
export const SPEAKER_COLORS = ['#2f6f73', '#7b4f9d', '#a4501f', '#2e5e9e', '#4d7a2a', '#a33a63', '#6b5d1e', '#4f5b66'] as const;

export function speakerColor(speakers: readonly string[], label: string): string {
  const i = speakers.indexOf(label);
  return SPEAKER_COLORS[(i < 0 ? 0 : i) % SPEAKER_COLORS.length];
}
