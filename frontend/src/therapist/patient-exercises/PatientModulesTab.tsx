import AddOutlined from '@mui/icons-material/AddOutlined';
import PlaylistAddOutlined from '@mui/icons-material/PlaylistAddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { MSG, type AssignedModule } from '@consulta/shared';
import { useEffect, useState } from 'react';
import { reportError } from '../../app/core/reportError';
import { toastSuccess } from '../../components/toast/toastStore';
import { PATIENT_DETAIL_EXERCISES_TEXT } from '../../i18n/es/patient-detail-exercises';
import { ModuleDialog } from '../exercises/ModuleDialog';
import type { PatientTabProps } from '../patients/detail/tabTypes';
import { AssignModuleDialog } from './AssignModuleDialog';
import { ConfirmUnassignDialog } from './ConfirmUnassignDialog';
import { EmptyText, LoadFailed, Loading } from '../../components/LoadStates';
import { PatientModuleCard } from './PatientModuleCard';
import { TabHeader } from '../../components/TabHeader';
import { usePatientModules, useUnassignModule } from './patientExerciseQueries';
import { CardGrid } from '../../components/CardGrid';

const T = PATIENT_DETAIL_EXERCISES_TEXT;

type OpenDialog = 'create' | 'assign' | null;

/** The patient's modules: progress per module, create a module, assign one, unassign. */
export function PatientModulesTab({ patient }: PatientTabProps) {
  const { data, isPending, error, refetch } = usePatientModules(patient.id);
  const unassign = useUnassignModule(patient.id);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [toUnassign, setToUnassign] = useState<AssignedModule | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  useEffect(() => {
    if (error) reportError(error, MSG.exercises.listModulesFailed);
  }, [error]);

  async function confirmUnassign(module: AssignedModule) {
    try {
      await unassign.mutateAsync(module.id);
      toastSuccess(MSG.exercises.moduleUnassigned);
    } catch (e) {
      reportError(e, MSG.exercises.unassignModuleFailed);
    } finally {
      setConfirmOpen(false);
    }
  }

  let content;
  if (data) {
    content =
      data.length === 0 ? (
        <EmptyText text={T.modules.empty} />
      ) : (
        <CardGrid label={T.modules.heading} columns={{ md: 2 }}>
          {data.map((m) => (
            <PatientModuleCard
              key={m.id}
              module={m}
              onUnassign={(module) => {
                setToUnassign(module);
                setConfirmOpen(true);
              }}
            />
          ))}
        </CardGrid>
      );
  } else if (isPending) content = <Loading text={T.loadingModules} />;
  else content = <LoadFailed text={MSG.exercises.listModulesFailed} onRetry={() => void refetch()} />;

  return (
    <Box data-testid="patient-modules-tab">
      <TabHeader title={T.modules.heading} summary={data ? T.modules.summary(data.length) : undefined}>
        <Button variant="outlined" startIcon={<AddOutlined />} onClick={() => setDialog('create')}>
          {T.modules.create}
        </Button>
        <Button variant="contained" startIcon={<PlaylistAddOutlined />} onClick={() => setDialog('assign')}>
          {T.modules.assign}
        </Button>
      </TabHeader>
      {content}

      <ModuleDialog
        open={dialog === 'create'}
        assignTo={{ id: patient.id }}
        onClose={() => setDialog(null)}
        onSaved={() => setDialog(null)}
      />
      {dialog === 'assign' && (
        <AssignModuleDialog patient={patient} assignedIds={new Set((data ?? []).map((m) => m.id))} onClose={() => setDialog(null)} />
      )}
      <ConfirmUnassignDialog
        id="unassign-module"
        open={confirmOpen}
        title={T.unassign.moduleTitle}
        subject={toUnassign?.titulo ?? ''}
        lines={
          toUnassign
            ? [T.unassign.module(toUnassign.titulo), ...(toUnassign.completados > 0 ? [T.unassign.moduleCompletionsLost] : [])]
            : []
        }
        busy={unassign.isPending}
        onCancel={() => setConfirmOpen(false)}
        onConfirm={() => toUnassign && void confirmUnassign(toUnassign)}
      />
    </Box>
  );
}
