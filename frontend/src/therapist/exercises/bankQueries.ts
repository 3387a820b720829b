import type { Exercise, ExerciseAssignee, ExercisePayload, Module, ModuleDetail, PatientModuleLink } from '@consulta/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useDataProvider } from 'react-admin';
import type { ConsultaDataProvider } from '../../app/providers/dataProvider';
import { retryDelay, shouldRetry } from '../../shell/retry';
import type { ModuleForm } from './moduleForm';
import { saveModule } from './moduleSave';

/**
 * Query keys of the bank: its exercises, its modules and who has which module. Any change to the bank or to an
 * assignment refreshes them all (the cards count patients and modules).
 */
export const BANK_KEYS = {
  exercises: ['ejercicios'],
  modules: ['modulos'],
  moduleLinks: ['banco-modulos-pacientes'],
  /** Prefix of one exercise's assignees and of one module's detail. */
  details: ['banco-detalle'],
} as const;

const retries = { retry: shouldRetry, retryDelay };

export function useBankExercises() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<Exercise[]>({ queryKey: BANK_KEYS.exercises, queryFn: () => dataProvider.listExercises(), ...retries });
}

export function useBankModules() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<Module[]>({ queryKey: BANK_KEYS.modules, queryFn: () => dataProvider.listModules(), ...retries });
}

export function useModuleLinks(enabled = true) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<PatientModuleLink[]>({
    queryKey: BANK_KEYS.moduleLinks,
    queryFn: () => dataProvider.listModuleLinks(),
    enabled,
    ...retries,
  });
}

/** GET /modulos/{id}: the module with its exercises in order (while `moduleId` is set). */
export function useModuleDetail(moduleId: string | null) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<ModuleDetail>({
    queryKey: [...BANK_KEYS.details, 'modulo', moduleId],
    queryFn: () => dataProvider.getModule(moduleId!),
    enabled: Boolean(moduleId),
    ...retries,
  });
}

/** GET /paciente-ejercicios/ejercicio/{id}: who has the exercise and how far they are (while `exerciseId` is set). */
export function useExerciseAssignees(exerciseId: string | null) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<ExerciseAssignee[]>({
    queryKey: [...BANK_KEYS.details, 'ejercicio', exerciseId],
    queryFn: () => dataProvider.getExerciseAssignees(exerciseId!),
    enabled: Boolean(exerciseId),
    ...retries,
  });
}

/**
 * Refreshes the bank and every patient's exercise tabs (an edit of the bank changes what patients see). Answers
 * when the bank's own lists are fresh.
 */
function useRefreshBank() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    void queryClient.invalidateQueries({ queryKey: ['paciente-ejercicios'] });
    void queryClient.invalidateQueries({ queryKey: ['paciente-modulos'] });
    void queryClient.invalidateQueries({ queryKey: BANK_KEYS.details });
    await Promise.all(
      [BANK_KEYS.exercises, BANK_KEYS.modules, BANK_KEYS.moduleLinks].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  }, [queryClient]);
}

/** POST /ejercicios/ (with `paciente_ids`, assigned to them at once); the bank is then refreshed, without waiting for it. */
export function useCreateExercise() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const refreshBank = useRefreshBank();
  return useMutation({
    mutationFn: (payload: ExercisePayload) => dataProvider.createExercise(payload),
    onSuccess: () => {
      void refreshBank();
    },
  });
}

/** PUT /ejercicios/{id}; the bank is then refreshed, without waiting for it. */
export function useUpdateExercise() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const refreshBank = useRefreshBank();
  return useMutation({
    mutationFn: ({ id, payload }: { id: string; payload: ExercisePayload }) => dataProvider.updateExercise(id, payload),
    onSuccess: () => {
      void refreshBank();
    },
  });
}

/** DELETE /ejercicios/{id} or /modulos/{id}; the bank is refreshed afterwards, deleted or not, without waiting for it. */
export function useDeleteBankItem() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const refreshBank = useRefreshBank();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: 'exercise' | 'module'; id: string }): Promise<unknown> =>
      kind === 'exercise' ? dataProvider.deleteExercise(id) : dataProvider.deleteModule(id),
    onSettled: () => {
      void refreshBank();
    },
  });
}

/**
 * Saves a module dialog through saveModule (moduleSave.ts: one call at a time, ModuleSaveError with what got saved);
 * the bank is refreshed afterwards, saved or not, without waiting for it.
 */
export function useSaveModule() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const refreshBank = useRefreshBank();
  return useMutation({
    mutationFn: ({ id, saved, form }: { id: string | null; saved: ModuleForm; form: ModuleForm }) =>
      saveModule(dataProvider, id, saved, form),
    onSettled: () => {
      void refreshBank();
    },
  });
}
