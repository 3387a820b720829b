import { MSG, type PatientDetail } from '@consulta/shared';
import { reportError } from '../../app/core/reportError';
import { toastSuccess } from '../../components/toast/toastStore';
import { PATIENT_DETAIL_EXERCISES_TEXT } from '../../i18n/es/patient-detail-exercises';
import { useBankExercises } from '../exercises/bankQueries';
import { AssignFromBankDialog } from './AssignFromBankDialog';
import { useAssignExercise } from './patientExerciseQueries';

const T = PATIENT_DETAIL_EXERCISES_TEXT.assign;

interface AssignExerciseDialogProps {
  patient: Pick<PatientDetail, 'id' | 'nombre'>;
  /** Exercises already on the patient's list (not offered). */
  assignedIds: ReadonlySet<string>;
  onClose: () => void;
}

/** 'Asignar Ejercicio': a bank exercise the patient does not have yet, assigned individually. */
export function AssignExerciseDialog({ patient, assignedIds, onClose }: AssignExerciseDialogProps) {
  const bank = useBankExercises();
  const assign = useAssignExercise(patient.id);
  const options = bank.data
    ?.filter((e) => !assignedIds.has(e.id))
    .sort((a, b) => a.titulo.localeCompare(b.titulo, 'es'))
    .map((e) => ({ id: e.id, label: e.titulo }));

  async function onAssign(exerciseId: string) {
    try {
      await assign.mutateAsync(exerciseId);
      toastSuccess(MSG.exercises.assigned);
      onClose();
    } catch (error) {
      // A 400 'already assigned' carries its own detail, which reportError shows under the title.
      reportError(error, MSG.exercises.assignFailed);
    }
  }

  return (
    <AssignFromBankDialog
      id="assign-exercise"
      title={T.exerciseTitle}
      intro={T.exerciseIntro(patient.nombre)}
      label={T.exerciseLabel}
      options={options}
      loadError={bank.isError ? MSG.exercises.loadExercisesFailed : null}
      emptyText={T.noExercises}
      requiredMessage={MSG.exercises.exerciseRequired}
      submitting={assign.isPending}
      onClose={onClose}
      onAssign={(id) => void onAssign(id)}
    />
  );
}
