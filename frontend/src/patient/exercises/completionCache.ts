import type { AssignedExercise, AssignedModule, UnifiedExercises } from '@consulta/shared';

/** The fields a completion or an unmarking changes. */
export type Completion = Pick<AssignedExercise, 'id' | 'completado' | 'fecha_completado' | 'notas_paciente'>;

const withCompletion = <T extends AssignedExercise>(item: T, change: Completion): T =>
  item.id === change.id
    ? { ...item, completado: change.completado, fecha_completado: change.fecha_completado, notas_paciente: change.notas_paciente }
    : item;

export const applyToList = <T extends AssignedExercise>(items: readonly T[] | undefined, change: Completion): T[] | undefined =>
  items?.map((item) => withCompletion(item, change));

export const applyToUnified = (data: UnifiedExercises | undefined, change: Completion): UnifiedExercises | undefined =>
  data && { ...data, ejercicios: applyToList(data.ejercicios, change) ?? [] };

/** A module's `completados` follows the completion of each exercise it brings. */
export function applyToModules(modules: readonly AssignedModule[] | undefined, before: AssignedExercise, change: Completion) {
  if (!modules || before.completado === change.completado) return modules && [...modules];
  const delta = change.completado ? 1 : -1;
  const bringing = new Set(before.modulos.map((m) => m.id));
  return modules.map((m) =>
    bringing.has(m.id) ? { ...m, completados: Math.max(0, Math.min(m.ejercicios_count, m.completados + delta)) } : m,
  );
}
