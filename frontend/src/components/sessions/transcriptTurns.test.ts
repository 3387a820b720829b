import type { TranscriptSegment } from '@consulta/shared';
import { describe, expect, it } from 'vitest';
import { SPEAKER_COLORS, formatTimestamp, speakerColor, speakersOf, turnAt } from './transcriptTurns';

const seg = (speaker_label: string, start_time: number): TranscriptSegment => ({
  speaker_label,
  start_time,
  end_time: start_time + 4,
  text: 'x',
});
const SEGMENTS = [seg('Hablante 1', 0), seg('Hablante 2', 4.6), seg('Hablante 1', 65)];

describe("a transcript's turns", () => {
  it('formats a start time as mm:ss, or h:mm:ss past an hour', () => {
    expect([0, 4.6, 65, 600, 3599, 3600, 3725.9].map(formatTimestamp)).toEqual([
      '00:00',
      '00:04',
      '01:05',
      '10:00',
      '59:59',
      '1:00:00',
      '1:02:05',
    ]);
    expect(formatTimestamp(Number.NaN)).toBe('00:00');
    expect(formatTimestamp(-3)).toBe('00:00');
  });

  it('lists the speakers in the order they first speak, each with its own colour', () => {
    const speakers = speakersOf(SEGMENTS);
    expect(speakers).toEqual(['Hablante 1', 'Hablante 2']);
    expect(speakerColor(speakers, 'Hablante 1')).toBe(SPEAKER_COLORS[0]);
    expect(speakerColor(speakers, 'Hablante 2')).toBe(SPEAKER_COLORS[1]);
    const many = Array.from({ length: SPEAKER_COLORS.length + 1 }, (_, i) => `H${i}`);
    expect(speakerColor(many, `H${SPEAKER_COLORS.length}`)).toBe(SPEAKER_COLORS[0]);
  });

  it('tells the turn being spoken: the last one started, a pause included; none before the first', () => {
    const late = [seg('A', 2), seg('B', 10), seg('A', 30)];
    expect([0, 1.99, 2, 9.9, 10, 29, 30, 5000].map((t) => turnAt(late, t))).toEqual([-1, -1, 0, 0, 1, 1, 2, 2]);
    expect(turnAt([], 3)).toBe(-1);
    const hour = Array.from({ length: 600 }, (_, i) => seg('A', i * 6));
    expect(turnAt(hour, 6 * 437 + 1)).toBe(437);
  });
});
