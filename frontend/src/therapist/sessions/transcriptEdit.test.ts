import type { TranscriptSegment } from '@consulta/shared';
import { describe, expect, it } from 'vitest';
import { editTurn, renameSpeaker, speakerNameProblem, withSegments } from './transcriptEdit';

const seg = (speaker_label: string, start_time: number, text: string): TranscriptSegment => ({
  speaker_label,
  start_time,
  end_time: start_time + 4,
  text,
});
const SEGMENTS = [
  seg('Hablante 1', 0, '¿Cómo ha ido la semana?'),
  seg('Hablante 2', 4.6, 'Mejor, dormí más.'),
  seg('Hablante 1', 65, 'Me alegro.'),
];

describe('transcript edits', () => {
  it('edits one turn without touching the others (the same array when nothing changes)', () => {
    const next = editTurn(SEGMENTS, 1, 'Mucho mejor.');
    expect(next[1]).toEqual({ ...SEGMENTS[1], text: 'Mucho mejor.' });
    expect(next[0]).toBe(SEGMENTS[0]);
    expect(SEGMENTS[1].text).toBe('Mejor, dormí más.');
    expect(editTurn(SEGMENTS, 1, 'Mejor, dormí más.')).toBe(SEGMENTS);
    expect(editTurn(SEGMENTS, 9, 'x')).toBe(SEGMENTS);
  });

  it('renames a speaker everywhere, trimmed; a taken name merges the two', () => {
    const renamed = renameSpeaker(SEGMENTS, 'Hablante 1', '  Terapeuta ');
    expect(renamed.map((s) => s.speaker_label)).toEqual(['Terapeuta', 'Hablante 2', 'Terapeuta']);
    expect(renameSpeaker(SEGMENTS, 'Hablante 2', 'Hablante 1').map((s) => s.speaker_label)).toEqual([
      'Hablante 1',
      'Hablante 1',
      'Hablante 1',
    ]);
    expect(renameSpeaker(SEGMENTS, 'Hablante 1', ' ')).toBe(SEGMENTS);
    expect(renameSpeaker(SEGMENTS, 'Nadie', 'Otro')).toBe(SEGMENTS);
  });

  it('checks a new speaker name', () => {
    expect(speakerNameProblem('  ')).toBe('Escribe un nombre para el hablante');
    expect(speakerNameProblem('x'.repeat(51))).toBe('El nombre no puede tener más de 50 caracteres');
    expect(speakerNameProblem('Paciente')).toBeNull();
  });

  it('keeps the transcript text in step with the segments, one turn a line', () => {
    expect(withSegments(renameSpeaker(SEGMENTS, 'Hablante 1', 'Terapeuta'))).toEqual({
      segments: expect.any(Array),
      transcripcion: 'Terapeuta: ¿Cómo ha ido la semana?\nHablante 2: Mejor, dormí más.\nTerapeuta: Me alegro.',
    });
  });
});
