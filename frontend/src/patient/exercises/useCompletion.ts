import {
  MSG,
  blankToNull,
  type AssignedExercise,
  type AssignedModule,
  type AssignedModuleExercise,
  type UnifiedExercises,
} from '@consulta/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { ConsultaDataProvider } from '../../app/providers/dataProvider';
import { toastError, toastSuccess } from '../../components/toast/toastStore';
import { applyToList, applyToModules, applyToUnified, type Completion } from './completionCache';
import { myExerciseKeys } from './patientExerciseQueries';

export interface CompletionRequest {
  exercise: AssignedExercise;
  done: boolean;
  notes?: string;
}

/**
 * Completes or unmarks one of the patient's exercises: on success every cached list that shows it
 * (the unified list, the loaded modules, the open detail, which reads those) changes at once and the progress
 * is fetched again.
 */
export function useCompletion(patientId: string | undefined) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const queryClient = useQueryClient();
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());

  const setBusy = (id: string, busy: boolean) =>
    setBusyIds((current) => {
      const next = new Set(current);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });

  const applyCompletion = useCallback(
    (before: AssignedExercise, change: Completion) => {
      queryClient.setQueryData<UnifiedExercises>(myExerciseKeys.unified, (data) => applyToUnified(data, change));
      queryClient.setQueriesData<AssignedModuleExercise[]>({ queryKey: myExerciseKeys.everyModuleExercises }, (items) =>
        applyToList(items, change),
      );
      queryClient.setQueryData<AssignedModule[]>(myExerciseKeys.modules, (modules) => applyToModules(modules, before, change));
      void queryClient.invalidateQueries({ queryKey: myExerciseKeys.progress });
    },
    [queryClient],
  );

  const setCompletion = useCallback(
    async ({ exercise, done, notes }: CompletionRequest): Promise<boolean> => {
      if (!patientId) return false;
      setBusy(exercise.id, true);
      try {
        const answer = done
          ? await dataProvider.completeExercise(patientId, exercise.id, { completado: true, notas_paciente: blankToNull(notes) })
          : await dataProvider.uncompleteExercise(patientId, exercise.id);
        applyCompletion(exercise, {
          id: exercise.id,
          completado: answer.completado,
          fecha_completado: answer.fecha_completado,
          notas_paciente: answer.notas_paciente,
        });
        if (done) toastSuccess(MSG.exercises.completedTitle, MSG.exercises.completedText);
        else toastSuccess(MSG.exercises.uncompleted);
        return true;
      } catch (error) {
        console.error(error);
        toastError(MSG.exercises.toggleFailedTitle, MSG.exercises.toggleFailed);
        return false;
      } finally {
        setBusy(exercise.id, false);
      }
    },
    [patientId, dataProvider, applyCompletion],
  );

  return { setCompletion, isBusy: (id: string) => busyIds.has(id) };
}
