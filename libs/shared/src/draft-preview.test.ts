import { describe, expect, it } from 'vitest';
import { TRANSCRIPT_PREVIEW, transcriptPreview } from './sessions';

const turn = (speaker_label: string, text: string) => ({ speaker_label, text });

describe('the drafts list transcript preview', () => {
  it('is null without a transcript, and the whole of a short one', () => {
    expect(transcriptPreview(null)).toBeNull();
    expect(transcriptPreview('  \n ', [])).toBeNull();
    expect(transcriptPreview('Hablante 1: Hola.\nHablante 2: Buenas.')).toBe('Hablante 1: Hola.\nHablante 2: Buenas.');
  });

  it('shows the first 3 turns and says there is more', () => {
    const text = ['Hablante 1: Uno.', 'Hablante 2: Dos.', '', 'Hablante 1: Tres.', 'Hablante 2: Cuatro.'].join('\n');
    expect(transcriptPreview(text)).toBe('Hablante 1: Uno.\nHablante 2: Dos.\nHablante 1: Tres.…');
  });

  it('cuts a long turn at a word, within 200 characters', () => {
    const long = `Hablante 1: ${'palabra '.repeat(60)}`;
    const preview = transcriptPreview(long)!;
    expect(preview.length).toBeLessThanOrEqual(TRANSCRIPT_PREVIEW.chars + 1);
    expect(preview.endsWith('palabra…')).toBe(true);
    // A text without spaces is cut where it must.
    expect(transcriptPreview('x'.repeat(500))).toBe(`${'x'.repeat(200)}…`);
  });

  it('reads the segments when there is no text, and agrees with a text cut after 201 characters', () => {
    const segments = [
      turn('Hablante 1', 'Buenos días.'),
      turn('Hablante 2', 'Hola.'),
      turn('Hablante 1', '¿Qué tal?'),
      turn('Hablante 2', 'Bien.'),
    ];
    expect(transcriptPreview(null, segments)).toBe('Hablante 1: Buenos días.\nHablante 2: Hola.\nHablante 1: ¿Qué tal?…');
    expect(transcriptPreview(null, segments.slice(0, 3))).toBe('Hablante 1: Buenos días.\nHablante 2: Hola.\nHablante 1: ¿Qué tal?');
    const full = `Hablante 1: ${'a'.repeat(150)}\nHablante 2: ${'b'.repeat(150)}`;
    expect(transcriptPreview(full.slice(0, 201))).toBe(transcriptPreview(full));
  });
});
