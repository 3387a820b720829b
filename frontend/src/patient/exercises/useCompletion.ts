import { MSG, type AssignedExercise } from '@consulta/shared';
import { useCallback, useState } from 'react';
import { toastError, toastSuccess } from '../../components/toast/toastStore';
import { useSetMyCompletion } from './patientExerciseQueries';

export interface CompletionRequest {
  exercise: AssignedExercise;
  done: boolean;
  notes?: string;
}

/**
 * Completes or unmarks one of the patient's exercises (useSetMyCompletion: on success every cached list that shows
 * it changes at once and the progress is fetched again), each exercise busy while its call runs, with the toasts.
 */
export function useCompletion(patientId: string | undefined) {
  const { mutateAsync: changeCompletion } = useSetMyCompletion();
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());

  const setBusy = (id: string, busy: boolean) =>
    setBusyIds((current) => {
      const next = new Set(current);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });

  const setCompletion = useCallback(
    async ({ exercise, done, notes }: CompletionRequest): Promise<boolean> => {
      if (!patientId) return false;
      setBusy(exercise.id, true);
      try {
        await changeCompletion({ patientId, exercise, done, notes });
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
    [patientId, changeCompletion],
  );

  return { setCompletion, isBusy: (id: string) => busyIds.has(id) };
}
