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
import { PATIENT_EXERCISES_TEXT } from '../../i18n/es/patient-exercises';
import { formatDateEs } from '../../i18n/format';
import { CompletionBlock } from './CompletionBlock';
import { ExerciseMaterial } from '../../components/exercises/ExerciseMaterial';
import { exerciseFileKeys } from '../../components/exercises/exerciseFiles';
import { useFullScreenOnPhone } from '../../components/useFullScreenOnPhone';

const T = PATIENT_EXERCISES_TEXT.detail;

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

interface ExerciseDetailDialogProps {
  exercise: AssignedExercise | null;
  busy: boolean;
  fileUrl: FileUrl;
  onClose: () => void;
  onComplete: (exercise: AssignedExercise, notes: string) => void;
  onUncomplete: (exercise: AssignedExercise) => void;
}

/** An exercise's detail (spec 2 §2): category, description, dates, material, completion and instructions. */
export function ExerciseDetailDialog({ exercise, busy, fileUrl, onClose, onComplete, onUncomplete }: ExerciseDetailDialogProps) {
  const fullScreen = useFullScreenOnPhone();
  return (
    <Dialog
      open={Boolean(exercise)}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="exercise-detail-title"
    >
      {exercise && (
        <>
          <DialogTitle id="exercise-detail-title" sx={{ overflowWrap: 'anywhere' }}>
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
                <CompletionBlock
                  key={`${exercise.id}-${exercise.completado}`}
                  exercise={exercise}
                  busy={busy}
                  onComplete={(notes) => onComplete(exercise, notes)}
                  onUncomplete={() => onUncomplete(exercise)}
                />
              </Block>
              <Block title={T.instructionsTitle}>
                <Typography variant="body2" color="text.secondary">
                  {T.instructions}
                </Typography>
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
