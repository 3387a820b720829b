import { useState } from 'react';
import { useModuleExercises } from './patientExerciseQueries';
import type { ModuleExercisesState } from './ModuleDialog';

/**
 * 'Cargar ejercicios' of the open module: each module's exercises are fetched once, on request; a
 * repeat request while they load or once they are loaded does nothing, and one after a failure tries again.
 */
export function useModuleLoader(moduleId: string | null): ModuleExercisesState {
  const [requested, setRequested] = useState<ReadonlySet<string>>(new Set());
  const isRequested = moduleId !== null && requested.has(moduleId);
  const query = useModuleExercises(moduleId, isRequested);
  const onLoad = () => {
    if (moduleId === null || query.isFetching || query.data) return;
    if (isRequested) void query.refetch();
    else setRequested((current) => new Set(current).add(moduleId));
  };
  return { exercises: query.data, loading: query.isFetching, failed: query.isError && !query.isFetching, onLoad };
}
