import { describe, expect, it } from 'vitest';
import { anAssignedExercise, anAssignedModule } from '../../test/factories';
import { applyToList, applyToModules } from './completionCache';

const module = (id: string, completados: number) => anAssignedModule({ id, titulo: id, completados });
const done = { id: 'e1', completado: true, fecha_completado: '2026-11-23T09:00:00.000Z', notas_paciente: 'Bien' };

describe('completion cache', () => {
  it('changes only the completion fields of the matching item', () => {
    const [changed, other] = applyToList([anAssignedExercise(), anAssignedExercise({ id: 'e2' })], done)!;
    expect(changed).toMatchObject(done);
    expect(changed.titulo).toBe('Respiración diafragmática');
    expect(other.completado).toBe(false);
  });

  it('counts a completion in every module that brings the exercise, once', () => {
    const before = anAssignedExercise({ modulos: [{ id: 'm1', titulo: 'm1' }] });
    const modules = [module('m1', 0), module('m2', 0)];
    expect(applyToModules(modules, before, done)!.map((m) => m.completados)).toEqual([1, 0]);
    expect(applyToModules(modules, { ...before, completado: true }, done)!.map((m) => m.completados)).toEqual([0, 0]);
    const undone = { ...done, completado: false, fecha_completado: null, notas_paciente: null };
    expect(applyToModules([module('m1', 1)], { ...before, completado: true }, undone)![0].completados).toBe(0);
  });
});
