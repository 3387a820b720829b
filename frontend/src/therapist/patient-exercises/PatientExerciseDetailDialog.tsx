import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { AssignedExercise } from '@consulta/shared';
import { CategoryChip, RetiredChip, SourceChips } from '../../components/exercises/ExerciseChips';
import type { FileUrl } from '../../components/exercises/openFiles';
import { PATIENT_DETAIL_EXERCISES_TEXT } from '../../i18n/es/patient-detail-exercises';
import { formatDateEs } from '../../i18n/format';
import { ExerciseMaterial } from '../../components/exercises/ExerciseMaterial';
import { exerciseFileKeys } from '../../components/exercises/exerciseFiles';
import { useFullScreenOnPhone } from '../../components/useFullScreenOnPhone';
import { CompletionStatus } from './CompletionStatus';

const T = PATIENT_DETAIL_EXERCISES_TEXT.detail;

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ mb: 0.75 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

interface PatientExerciseDetailDialogProps {
  exercise: AssignedExercise | null;
  fileUrl: FileUrl;
  onClose: () => void;
}

/** One exercise of the patient's list (spec 2 §2): category and sources, description, dates, files, completion and notes. */
export function PatientExerciseDetailDialog({ exercise, fileUrl, onClose }: PatientExerciseDetailDialogProps) {
  const fullScreen = useFullScreenOnPhone();
  return (
    <Dialog
      open={Boolean(exercise)}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="patient-exercise-detail-title"
    >
      {exercise && (
        <>
          <DialogTitle id="patient-exercise-detail-title" sx={{ overflowWrap: 'anywhere' }}>
            {exercise.titulo}
          </DialogTitle>
          <DialogContent dividers>
            <Stack spacing={2.5} divider={<Divider flexItem />}>
              <Block title={T.category}>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
                  <CategoryChip categoria={exercise.categoria} />
                  <SourceChips item={exercise} />
                  {exercise.retirado && <RetiredChip />}
                </Stack>
                {exercise.retirado && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    {T.retired}
                  </Typography>
                )}
              </Block>
              <Block title={T.description}>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {exercise.descripcion || T.noDescription}
                </Typography>
              </Block>
              <Block title={T.dates}>
                <Typography variant="body2">
                  {T.assigned}: {formatDateEs(exercise.asignado_en)}
                </Typography>
                <Typography variant="body2">
                  {T.created}: {formatDateEs(exercise.fecha_creacion)}
                </Typography>
              </Block>
              <Block title={T.material}>
                <ExerciseMaterial fileKeys={exerciseFileKeys(exercise)} fileUrl={fileUrl} />
              </Block>
              <Block title={T.status}>
                <CompletionStatus exercise={exercise} />
                {exercise.completado && !exercise.notas_paciente && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
                    {T.noNotes}
                  </Typography>
                )}
              </Block>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} sx={{ minHeight: 44 }}>
              {T.close}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
