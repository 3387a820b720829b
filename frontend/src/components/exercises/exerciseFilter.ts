import type { AssignedExercise } from '@consulta/shared';

export type ExerciseFilter = 'all' | 'individual' | 'module';
export const EXERCISE_FILTERS: readonly ExerciseFilter[] = ['all', 'individual', 'module'];

/** An exercise both individual and from a module shows under both filters. */
export const matchesFilter = (item: AssignedExercise, filter: ExerciseFilter): boolean =>
  filter === 'all' || (filter === 'individual' ? item.individual : item.modulos.length > 0);

/**
 * How many exercises each filter shows; `all` counts each exercise once, and `both` says how many are under both
 * sources (so `individual + module - both === all`).
 */
export const filterCounts = (items: readonly AssignedExercise[]): Record<ExerciseFilter | 'both', number> => ({
  all: items.length,
  individual: items.filter((i) => matchesFilter(i, 'individual')).length,
  module: items.filter((i) => matchesFilter(i, 'module')).length,
  both: items.filter((i) => matchesFilter(i, 'individual') && matchesFilter(i, 'module')).length,
});
