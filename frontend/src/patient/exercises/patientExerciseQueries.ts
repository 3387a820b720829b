import type { AssignedModule, AssignedModuleExercise, ExerciseProgress, UnifiedExercises } from '@consulta/shared';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ConsultaDataProvider } from '../../app/providers/dataProvider';
import { PATIENT_QUERY_OPTIONS } from '../patientQueries';

export const myExerciseKeys = {
  unified: ['mis-ejercicios'] as const,
  progress: ['mis-ejercicios', 'progreso'] as const,
  modules: ['mis-modulos'] as const,
  everyModuleExercises: ['mis-modulos', 'ejercicios'] as const,
  moduleExercises: (moduleId: string) => ['mis-modulos', 'ejercicios', moduleId] as const,
};

export function useMyExercises() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<UnifiedExercises>({
    queryKey: myExerciseKeys.unified,
    queryFn: () => dataProvider.myExercises(),
    ...PATIENT_QUERY_OPTIONS,
  });
}

export function useMyModules() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<AssignedModule[]>({
    queryKey: myExerciseKeys.modules,
    queryFn: () => dataProvider.myModules(),
    ...PATIENT_QUERY_OPTIONS,
  });
}

/** A failed progress fetch is only logged (the page then shows the progress of the list's answer). */
export function useMyProgress() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<ExerciseProgress>({
    queryKey: myExerciseKeys.progress,
    queryFn: () =>
      dataProvider.myProgress().catch((error: unknown) => {
        console.error(error);
        throw error;
      }),
    ...PATIENT_QUERY_OPTIONS,
  });
}

/** A module's exercises, fetched once `requested` (the 'Cargar ejercicios' button) and then kept: completions update them in place. */
export function useModuleExercises(moduleId: string | null, requested: boolean) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<AssignedModuleExercise[]>({
    queryKey: myExerciseKeys.moduleExercises(moduleId ?? ''),
    queryFn: () => dataProvider.myModuleExercises(moduleId!),
    enabled: Boolean(moduleId) && requested,
    ...PATIENT_QUERY_OPTIONS,
    staleTime: Infinity,
  });
}
