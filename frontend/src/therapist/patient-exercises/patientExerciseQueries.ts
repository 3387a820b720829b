import type { AssignedModule, UnifiedExercises } from '@consulta/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useDataProvider } from 'react-admin';
import type { ConsultaDataProvider } from '../../app/providers/dataProvider';
import { retryDelay, shouldRetry } from '../../shell/retry';
import { BANK_KEYS } from '../exercises/bankQueries';

/** Query keys of a patient's exercise tabs: every assignment change refreshes all of them. */
export const patientExerciseKeys = {
  /** GET .../ejercicios/unified: the list and its progress (the exercises and progress tabs share it). */
  exercises: (patientId: string) => ['paciente-ejercicios', patientId] as const,
  modules: (patientId: string) => ['paciente-modulos', patientId] as const,
};

/** The patient's list and progress (none while `enabled` is false). */
export function usePatientExercises(patientId: string, { enabled = true } = {}) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<UnifiedExercises>({
    queryKey: patientExerciseKeys.exercises(patientId),
    queryFn: () => dataProvider.getPatientExercises(patientId),
    enabled,
    retry: shouldRetry,
    retryDelay,
  });
}

export function usePatientModules(patientId: string) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<AssignedModule[]>({
    queryKey: patientExerciseKeys.modules(patientId),
    queryFn: () => dataProvider.getPatientModules(patientId),
    retry: shouldRetry,
    retryDelay,
  });
}

/** Refreshes the patient's exercises, modules and progress, and the bank (its cards count patients). */
export function useRefreshPatientExercises(patientId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: patientExerciseKeys.exercises(patientId) }),
        queryClient.invalidateQueries({ queryKey: patientExerciseKeys.modules(patientId) }),
        ...Object.values(BANK_KEYS).map((key) => queryClient.invalidateQueries({ queryKey: key as readonly unknown[] })),
      ]),
    [queryClient, patientId],
  );
}

type PatientCall<T> = (dataProvider: ConsultaDataProvider, patientId: string, id: string) => Promise<T>;

/** A change of the patient's assignments (by exercise or module id) that refreshes every tab afterwards, failed or not. */
function useAssignmentMutation<T>(patientId: string, call: PatientCall<T>) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const refresh = useRefreshPatientExercises(patientId);
  return useMutation({ mutationFn: (id: string) => call(dataProvider, patientId, id), onSettled: () => void refresh() });
}

export const useAssignExercise = (patientId: string) => useAssignmentMutation(patientId, (dp, p, id) => dp.assignExercise(p, id));
export const useUnassignExercise = (patientId: string) => useAssignmentMutation(patientId, (dp, p, id) => dp.unassignExercise(p, id));
export const useAssignModule = (patientId: string) => useAssignmentMutation(patientId, (dp, p, id) => dp.assignModule(p, id));
export const useUnassignModule = (patientId: string) => useAssignmentMutation(patientId, (dp, p, id) => dp.unassignModule(p, id));
