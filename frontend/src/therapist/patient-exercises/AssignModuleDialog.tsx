import { MSG, type PatientDetail } from '@consulta/shared';
import { reportError } from '../../app/core/reportError';
import { toastSuccess } from '../../components/toast/toastStore';
import { PATIENT_DETAIL_EXERCISES_TEXT } from '../../i18n/es/patient-detail-exercises';
import { useBankModules } from '../exercises/bankQueries';
import { AssignFromBankDialog } from './AssignFromBankDialog';
import { useAssignModule } from './patientExerciseQueries';

const T = PATIENT_DETAIL_EXERCISES_TEXT.assign;

interface AssignModuleDialogProps {
  patient: Pick<PatientDetail, 'id' | 'nombre'>;
  /** Modules the patient has already (not offered). */
  assignedIds: ReadonlySet<string>;
  onClose: () => void;
}

/** 'Asignar Módulo': a bank module the patient does not have yet; its exercises join the patient's list. */
export function AssignModuleDialog({ patient, assignedIds, onClose }: AssignModuleDialogProps) {
  const bank = useBankModules();
  const assign = useAssignModule(patient.id);
  const options = bank.data
    ?.filter((m) => !assignedIds.has(m.id))
    .sort((a, b) => a.titulo.localeCompare(b.titulo, 'es'))
    .map((m) => ({ id: m.id, label: T.moduleOption(m.titulo, m.ejercicios_count) }));

  async function onAssign(moduleId: string) {
    try {
      await assign.mutateAsync(moduleId);
      toastSuccess(MSG.exercises.moduleAssigned);
      onClose();
    } catch (error) {
      reportError(error, MSG.exercises.assignModuleFailed);
    }
  }

  return (
    <AssignFromBankDialog
      id="assign-module"
      title={T.moduleTitle}
      intro={T.moduleIntro(patient.nombre)}
      label={T.moduleLabel}
      options={options}
      loadError={bank.isError ? MSG.exercises.loadModulesFailed : null}
      emptyText={T.noModules}
      requiredMessage={MSG.exercises.moduleRequired}
      submitting={assign.isPending}
      onClose={onClose}
      onAssign={(id) => void onAssign(id)}
    />
  );
}
