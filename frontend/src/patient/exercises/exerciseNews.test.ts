import { describe, expect, it } from 'vitest';
import { exerciseNews } from './exerciseNews';

const sessions = [{ fecha: '2026-11-02T10:00:00.000Z' }, { fecha: '2026-11-10T10:00:00.000Z' }, { fecha: '2026-11-20T10:00:00.000Z' }];

describe('exerciseNews', () => {
  it('marks what was assigned after the last look, naming the last session before it', () => {
    expect(exerciseNews({ asignado_en: '2026-11-12T09:00:00.000Z' }, '2026-11-11T00:00:00.000Z', sessions)).toEqual({
      afterSession: '2026-11-10T10:00:00.000Z',
    });
  });

  it('leaves alone what the patient had already seen', () => {
    expect(exerciseNews({ asignado_en: '2026-11-12T09:00:00.000Z' }, '2026-11-12T09:00:00.000Z', sessions)).toBeNull();
    expect(exerciseNews({ asignado_en: '2026-11-01T09:00:00.000Z' }, '2026-11-12T00:00:00.000Z', sessions)).toBeNull();
  });

  it('treats everything as new before the first look, and names no session when none came before', () => {
    expect(exerciseNews({ asignado_en: '2026-11-01T09:00:00.000Z' }, null, sessions)).toEqual({ afterSession: null });
    expect(exerciseNews({ asignado_en: '2026-11-25T09:00:00.000Z' }, null, [])).toEqual({ afterSession: null });
  });
});
