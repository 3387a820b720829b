import AddOutlined from '@mui/icons-material/AddOutlined';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import PlaylistAddOutlined from '@mui/icons-material/PlaylistAddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { MSG, type AssignedExercise } from '@consulta/shared';
import { useEffect, useState } from 'react';
import { reportError } from '../../app/core/reportError';
import { toastSuccess } from '../../components/toast/toastStore';
import { reportFileOpenFailed, useFileUrl } from '../../shell/upload/storageQueries';
import { PATIENT_DETAIL_EXERCISES_TEXT } from '../../i18n/es/patient-detail-exercises';
import { AssignedExerciseDialog } from '../../components/exercises/AssignedExerciseDialog';
import { AssignedExerciseItem } from '../../components/exercises/AssignedExerciseItem';
import { matchesFilter, type ExerciseFilter } from '../../components/exercises/exerciseFilter';
import { ExerciseDialog } from '../exercises/ExerciseDialog';
import type { PatientTabProps } from '../patients/detail/tabTypes';
import { AssignExerciseDialog } from './AssignExerciseDialog';
import { ConfirmUnassignDialog } from './ConfirmUnassignDialog';
import { EmptyText, LoadFailed, Loading } from '../../components/LoadStates';
import { CompletionStatus } from './CompletionStatus';
import { SourceFilter } from './SourceFilter';
import { TabHeader } from '../../components/TabHeader';
import { unassignExerciseText } from './unassignConfirmation';
import { usePatientExercises, useRefreshPatientExercises, useUnassignExercise } from './patientExerciseQueries';

const T = PATIENT_DETAIL_EXERCISES_TEXT;

type OpenDialog = 'create' | 'assign' | null;

/**
 * The patient's exercises: every item once whatever brings it, filterable by source;
 * create-and-assign, assign from the bank, unassign (with what it takes along) and the detail of each.
 */
export function PatientExercisesTab({ patient }: PatientTabProps) {
  const fileUrl = useFileUrl();
  const { data, isPending, error, refetch } = usePatientExercises(patient.id);
  const refresh = useRefreshPatientExercises(patient.id);
  const unassign = useUnassignExercise(patient.id);
  const [filter, setFilter] = useState<ExerciseFilter>('all');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [toUnassign, setToUnassign] = useState<AssignedExercise | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  useEffect(() => {
    if (error) reportError(error, MSG.exercises.listExercisesFailed);
  }, [error]);

  const exercises = data?.ejercicios ?? [];
  const shown = exercises.filter((e) => matchesFilter(e, filter));
  const openExercise = exercises.find((e) => e.id === openId) ?? null;

  function askUnassign(exercise: AssignedExercise) {
    setToUnassign(exercise);
    setConfirmOpen(true);
  }

  async function confirmUnassign(exercise: AssignedExercise) {
    try {
      const answer = await unassign.mutateAsync(exercise.id);
      toastSuccess(answer.modulos.length > 0 ? MSG.exercises.moduleUnassigned : MSG.exercises.unassigned);
    } catch (e) {
      reportError(e, MSG.exercises.unassignFailed);
    } finally {
      setConfirmOpen(false);
    }
  }

  let content;
  if (data) {
    content = (
      <>
        <SourceFilter items={exercises} value={filter} onChange={setFilter} />
        {shown.length === 0 ? (
          <EmptyText text={T.exercises.empty[filter]} />
        ) : (
          <Box component="ul" aria-label={T.exercises.heading} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
            {shown.map((exercise) => (
              <AssignedExerciseItem
                key={exercise.id}
                exercise={exercise}
                onOpen={(e) => setOpenId(e.id)}
                status={<CompletionStatus exercise={exercise} />}
                action={
                  <Tooltip title={T.unassign.confirm}>
                    <IconButton
                      aria-label={T.exercises.unassign(exercise.titulo)}
                      onClick={(event) => {
                        event.stopPropagation();
                        askUnassign(exercise);
                      }}
                      sx={{ alignSelf: 'flex-start', width: 44, height: 44 }}
                    >
                      <LinkOffOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                }
              />
            ))}
          </Box>
        )}
      </>
    );
  } else if (isPending) content = <Loading text={T.loading} />;
  else content = <LoadFailed text={MSG.exercises.listExercisesFailed} onRetry={() => void refetch()} />;

  return (
    <Box data-testid="patient-exercises-tab">
      <TabHeader title={T.exercises.heading} summary={data ? T.exercises.summary(data.total, data.completados) : undefined}>
        <Button variant="outlined" startIcon={<AddOutlined />} onClick={() => setDialog('create')}>
          {T.exercises.create}
        </Button>
        <Button variant="contained" startIcon={<PlaylistAddOutlined />} onClick={() => setDialog('assign')}>
          {T.exercises.assign}
        </Button>
      </TabHeader>
      {content}

      <ExerciseDialog
        open={dialog === 'create'}
        assignTo={{ id: patient.id, nombre: patient.nombre }}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          void refresh();
        }}
      />
      {dialog === 'assign' && (
        <AssignExerciseDialog patient={patient} assignedIds={new Set(exercises.map((e) => e.id))} onClose={() => setDialog(null)} />
      )}
      <AssignedExerciseDialog
        exercise={openExercise}
        fileUrl={fileUrl}
        onFileOpenFailed={reportFileOpenFailed}
        onClose={() => setOpenId(null)}
        categoryTitle={T.detail.category}
        retiredNote={T.detail.retired}
        status={(exercise) => (
          <>
            <CompletionStatus exercise={exercise} />
            {exercise.completado && !exercise.notas_paciente && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
                {T.detail.noNotes}
              </Typography>
            )}
          </>
        )}
      />
      <ConfirmUnassignDialog
        id="unassign-exercise"
        open={confirmOpen}
        title={T.unassign.exerciseTitle}
        subject={toUnassign?.titulo ?? ''}
        lines={toUnassign ? unassignExerciseText(toUnassign) : []}
        busy={unassign.isPending}
        onCancel={() => setConfirmOpen(false)}
        onConfirm={() => toUnassign && void confirmUnassign(toUnassign)}
      />
    </Box>
  );
}
