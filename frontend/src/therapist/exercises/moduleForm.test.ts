import { describe, expect, it } from 'vitest';
import { emptyModuleForm, move, moduleChanges, toModulePayload, validateModule, type ModuleForm } from './moduleForm';

const form = (over: Partial<ModuleForm>): ModuleForm => ({ ...emptyModuleForm(), titulo: 'Ansiedad', ...over });

describe('module form', () => {
  it('asks for a title and sends trimmed texts', () => {
    expect(validateModule(emptyModuleForm())).toEqual({ titulo: 'Por favor, ingresa un título para el módulo.' });
    expect(toModulePayload(form({ titulo: ' Duelo ', descripcion: ' ' }))).toEqual({ titulo: 'Duelo', descripcion: null });
  });

  it('moves an exercise up or down, not past the ends', () => {
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(move(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });

  it('appends new exercises without reordering when the order already follows', () => {
    const changes = moduleChanges(form({ ejercicioIds: ['a', 'b'] }), form({ ejercicioIds: ['b', 'c'] }));
    expect(changes).toMatchObject({ details: false, removeExercises: ['a'], addExercises: ['c'], order: null });
  });

  it('reorders when the form moved exercises', () => {
    expect(moduleChanges(form({ ejercicioIds: ['a', 'b'] }), form({ ejercicioIds: ['c', 'b', 'a'] })).order).toEqual(['c', 'b', 'a']);
  });

  it('assigns and unassigns patients by difference, and sees edited texts', () => {
    const changes = moduleChanges(form({ pacienteIds: ['p1', 'p2'] }), form({ titulo: 'Ansiedad II', pacienteIds: ['p2', 'p3'] }));
    expect(changes).toMatchObject({ details: true, assign: ['p3'], unassign: ['p1'] });
  });
});
