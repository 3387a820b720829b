import { NUM_VOCES_MAX, NUM_VOCES_MIN, type TranscriptSegment } from '@consulta/shared';
import type { ProviderSegment } from '../ai/ai-provider';

/** How the transcript names the voices: in the order they first speak. */
export const speakerName = (n: number): string => `Hablante ${n}`;

/** The provider recognises at most this many known voices per request. */
export const MAX_KNOWN_SPEAKERS = 4;

/** A piece of the session's audio and what the provider heard in it (times relative to the piece). */
export interface PieceTranscript {
  index: number;
  startSeconds: number;
  segments: ProviderSegment[];
}

/**
 * Joins the pieces of a long session into one transcript: times continue across pieces (each piece's own times
 * plus where it starts), and a voice keeps one name throughout. The first piece's voices are named by
 * `firstNames` ('Hablante 1', 'Hablante 2'...); later pieces are sent with those names and samples of those
 * voices, so the provider answers those names for them; a voice it does not recognise gets a new name (one per
 * piece and label).
 */
export function stitchTranscript(pieces: PieceTranscript[], firstNames: ReadonlyMap<string, string>): TranscriptSegment[] {
  const known = new Set(firstNames.values());
  const fresh = new Map<string, string>();
  const nameOf = (piece: number, label: string): string => {
    if (piece === 0) return firstNames.get(label) ?? label;
    if (known.has(label)) return label;
    const key = `${piece}\u0000${label}`;
    let name = fresh.get(key);
    if (!name) {
      name = speakerName(firstNames.size + fresh.size + 1);
      fresh.set(key, name);
    }
    return name;
  };
  const out: TranscriptSegment[] = [];
  for (const piece of [...pieces].sort((a, b) => a.index - b.index)) {
    for (const s of [...piece.segments].sort((a, b) => a.start - b.start)) {
      const text = s.text.trim();
      if (!text) continue;
      const start = round(piece.startSeconds + Math.max(0, s.start));
      out.push({
        speaker_label: nameOf(piece.index, s.speaker),
        start_time: start,
        end_time: Math.max(start, round(piece.startSeconds + s.end)),
        text,
      });
    }
  }
  return out;
}

/** The first piece's voices, named in the order they first speak (what later pieces are told to recognise). */
export function firstPieceNames(segments: ProviderSegment[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const s of [...segments].sort((a, b) => a.start - b.start)) {
    if (s.text.trim() && !names.has(s.speaker)) names.set(s.speaker, speakerName(names.size + 1));
  }
  return names;
}

/** The number of voices a transcript has, within the form's bounds (1-32). */
export const voicesOf = (segments: TranscriptSegment[]): number =>
  Math.min(NUM_VOCES_MAX, Math.max(NUM_VOCES_MIN, new Set(segments.map((s) => s.speaker_label)).size));

const round = (seconds: number) => Math.round(seconds * 100) / 100;
