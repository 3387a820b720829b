import { describe, expect, it } from 'vitest';
import { assignedExercise } from './testFixtures';
import { filterCounts } from './exerciseFilter';

describe('exercise filter', () => {
  it('counts a dual-source exercise under both sources and once in all', () => {
    const modulos = [{ id: 'm1', titulo: 'Módulo' }];
    const items = [
      assignedExercise({ id: 'a' }),
      assignedExercise({ id: 'b', modulos }),
      assignedExercise({ id: 'c', individual: false, source: 'module', modulos }),
    ];
    expect(filterCounts(items)).toEqual({ all: 3, individual: 2, module: 2 });
  });
});
