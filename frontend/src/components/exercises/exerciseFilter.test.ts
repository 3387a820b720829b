import { describe, expect, it } from 'vitest';
import { anAssignedExercise } from '../../test/factories';
import { filterCounts } from './exerciseFilter';

describe('exercise filter', () => {
  it('counts a dual-source exercise under both sources and once in all', () => {
    const modulos = [{ id: 'm1', titulo: 'Módulo' }];
    const items = [
      anAssignedExercise({ id: 'a' }),
      anAssignedExercise({ id: 'b', modulos }),
      anAssignedExercise({ id: 'c', individual: false, source: 'module', modulos }),
    ];
    expect(filterCounts(items)).toEqual({ all: 3, individual: 2, module: 2, both: 1 });
  });

  it('counts an exercise in two modules and assigned alone once in all, once under each source', () => {
    const modulos = [
      { id: 'm1', titulo: 'Uno' },
      { id: 'm2', titulo: 'Dos' },
    ];
    const items = [anAssignedExercise({ id: 'a', modulos }), anAssignedExercise({ id: 'b', individual: false, source: 'module', modulos })];
    const counts = filterCounts(items);
    expect(counts).toEqual({ all: 2, individual: 1, module: 2, both: 1 });
    expect(counts.individual + counts.module - counts.both).toBe(counts.all);
  });

  it('has nothing under both when no exercise comes from two sources', () => {
    expect(filterCounts([anAssignedExercise({ id: 'a' })])).toEqual({ all: 1, individual: 1, module: 0, both: 0 });
    expect(filterCounts([])).toEqual({ all: 0, individual: 0, module: 0, both: 0 });
  });
});
