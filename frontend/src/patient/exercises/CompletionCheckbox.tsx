import Checkbox from '@mui/material/Checkbox';
import type { AssignedExercise } from '@consulta/shared';
import { PATIENT_EXERCISES_TEXT as T } from '../../i18n/es/patient-exercises';

interface CompletionCheckboxProps {
  exercise: AssignedExercise;
  busy: boolean;
  onToggle: (exercise: AssignedExercise, done: boolean) => void;
}

/** Toggles the exercise at once; a retired one is history and cannot change. */
export function CompletionCheckbox({ exercise, busy, onToggle }: CompletionCheckboxProps) {
  return (
    <Checkbox
      checked={exercise.completado}
      disabled={busy || exercise.retirado}
      color="success"
      onClick={(event) => event.stopPropagation()}
      onChange={(_, checked) => onToggle(exercise, checked)}
      slotProps={{ input: { 'aria-label': exercise.completado ? T.markPending(exercise.titulo) : T.markDone(exercise.titulo) } }}
      sx={{ width: 48, height: 48, flexShrink: 0 }}
    />
  );
}
