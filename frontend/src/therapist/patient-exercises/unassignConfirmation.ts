import type { AssignedExercise } from '@consulta/shared';
import { PATIENT_DETAIL_EXERCISES_TEXT } from '../../i18n/es/patient-detail-exercises';

const T = PATIENT_DETAIL_EXERCISES_TEXT.unassign;

/**
 * What unassigning an exercise does (docs/decisions/exercises.md): an individual assignment goes alone (the item
 * stays when a module brings it too); an exercise only modules bring takes those whole modules with it.
 * Whatever leaves the list loses its completion.
 */
export function unassignExerciseText(item: Pick<AssignedExercise, 'individual' | 'modulos' | 'completado'>): string[] {
  const names = item.modulos.map((m) => m.titulo);
  if (item.individual && names.length > 0) return [T.individual, T.keptByModules(names)];
  const lines = item.individual ? [T.individual] : [T.moduleOnly(names)];
  if (item.completado) lines.push(T.completionLost);
  return lines;
}
