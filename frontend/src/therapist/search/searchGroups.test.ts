import type { SessionSearchResult } from '@consulta/shared';
import { describe, expect, it } from 'vitest';
import { groupBySession } from './searchGroups';

const hit = (sesion_id: string, campo: string, inicio_segundos: number | null = null): SessionSearchResult => ({
  sesion_id,
  paciente_id: `p-${sesion_id}`,
  paciente_nombre: 'Lucía Martín',
  numero_sesion: 1,
  fecha: '2026-11-20T10:00:00.000Z',
  campo,
  fragmento: 'ansiedad',
  inicio_segundos,
});

describe('groupBySession', () => {
  it('one group per session, in the order of its best result, the transcript hit first in its group', () => {
    const groups = groupBySession([
      hit('a', 'notas'),
      hit('b', 'temas_importantes'),
      hit('a', 'analisis_ia'),
      hit('a', 'transcripcion', 18.3),
      hit('c', 'transcripcion', 4),
      hit('b', 'notas'),
    ]);
    expect(groups.map((g) => g.session.sesion_id)).toEqual(['a', 'b', 'c']);
    expect(groups[0].hits.map((h) => h.campo)).toEqual(['transcripcion', 'notas', 'analisis_ia']);
    expect(groups[1].hits.map((h) => h.campo)).toEqual(['temas_importantes', 'notas']);
    expect(groups[2].hits).toHaveLength(1);
  });

  it('no results, no groups', () => {
    expect(groupBySession([])).toEqual([]);
  });
});
