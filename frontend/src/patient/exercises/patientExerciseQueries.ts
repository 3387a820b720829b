import {
  blankToNull,
  type AssignedExercise,
  type AssignedModule,
  type AssignedModuleExercise,
  type ExerciseProgress,
  type ExercisesSeen,
  type UnifiedExercises,
} from '@consulta/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ConsultaDataProvider } from '../../app/providers/dataProvider';
import { PATIENT_QUERY_OPTIONS } from '../patientQueries';
import { applyToList, applyToModules, applyToUnified, type Completion } from './completionCache';

export const myExerciseKeys = {
  unified: ['mis-ejercicios'] as const,
  seen: ['mis-ejercicios-visto'] as const,
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

/**
 * The patient looks at their exercises: once per visit of the page (not cached after it leaves, never refetched while
 * it is open, so what was new stays marked until the next visit), answering when they looked before.
 */
export function useExercisesLook() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<ExercisesSeen>({
    queryKey: myExerciseKeys.seen,
    queryFn: () => dataProvider.lookAtMyExercises(),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
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

export interface CompletionChange {
  patientId: string;
  exercise: AssignedExercise;
  /** Completed (with the patient's notes) or unmarked. */
  done: boolean;
  notes?: string;
}

/**
 * POST .../ejercicios/{id}/completar or .../desmarcar (the patient's own id): on success every cached list that shows
 * the exercise (the unified list, the loaded modules' exercises, the modules' counts) takes the answer at once and the
 * progress is fetched again.
 */
export function useSetMyCompletion() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ patientId, exercise, done, notes }: CompletionChange) =>
      done
        ? dataProvider.completeExercise(patientId, exercise.id, { completado: true, notas_paciente: blankToNull(notes) })
        : dataProvider.uncompleteExercise(patientId, exercise.id),
    onSuccess: (answer, { exercise }) => {
      const change: Completion = {
        id: exercise.id,
        completado: answer.completado,
        fecha_completado: answer.fecha_completado,
        notas_paciente: answer.notas_paciente,
      };
      queryClient.setQueryData<UnifiedExercises>(myExerciseKeys.unified, (data) => applyToUnified(data, change));
      queryClient.setQueriesData<AssignedModuleExercise[]>({ queryKey: myExerciseKeys.everyModuleExercises }, (items) =>
        applyToList(items, change),
      );
      queryClient.setQueryData<AssignedModule[]>(myExerciseKeys.modules, (modules) => applyToModules(modules, exercise, change));
      void queryClient.invalidateQueries({ queryKey: myExerciseKeys.progress });
    },
  });
}
