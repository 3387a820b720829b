import type { AssignedExercise } from '@consulta/shared';

export type StatusFilter = 'all' | 'completed' | 'pending';
export const STATUS_FILTERS: readonly StatusFilter[] = ['all', 'completed', 'pending'];

export const matchesStatus = (item: Pick<AssignedExercise, 'completado'>, filter: StatusFilter): boolean =>
  filter === 'all' || (filter === 'completed') === item.completado;

export const statusCounts = (items: readonly Pick<AssignedExercise, 'completado'>[]): Record<StatusFilter, number> => {
  const completed = items.filter((i) => i.completado).length;
  return { all: items.length, completed, pending: items.length - completed };
};
