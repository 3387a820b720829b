import type { TranscriptSegment } from '@consulta/shared';

/** What both areas show of a transcript's turns: their times, their speakers' colours, the turn at a moment. */

const pad = (n: number) => String(n).padStart(2, '0');

/** A turn's start as 'mm:ss' ('00:05', '12:40'); past an hour 'h:mm:ss' ('1:02:05'). */
export function formatTimestamp(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

/** The speakers of a transcript, in the order they first speak. */
export function speakersOf(segments: readonly TranscriptSegment[]): string[] {
  const seen = new Set<string>();
  for (const s of segments) seen.add(s.speaker_label);
  return [...seen];
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

/**
 * The turn being spoken at `seconds`: the last one started by then (a pause between turns still belongs to the one
 * before it), or -1 before the first. Turns are in time order; a binary search keeps an hour's 600 turns cheap at
 * every tick of the player.
 */
export function turnAt(segments: readonly Pick<TranscriptSegment, 'start_time'>[], seconds: number): number {
  let lo = 0;
  let hi = segments.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (segments[mid].start_time <= seconds) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}
