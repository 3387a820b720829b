import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import type { AssignedExercise } from '@consulta/shared';
import { EXERCISE_WIDGETS_TEXT } from '../../i18n/es/patient-exercises';
import { formatDateEs } from '../../i18n/format';
import { useFullScreenOnPhone } from '../useFullScreenOnPhone';
import { CategoryChip, RetiredChip, SourceChips } from './ExerciseChips';
import { ExerciseMaterial } from './ExerciseMaterial';
import { exerciseFileKeys } from './exerciseFiles';
import type { FileUrl } from './openFiles';
import { DetailBlock } from '../DetailBlock';

const T = EXERCISE_WIDGETS_TEXT.detail;

interface AssignedExerciseDialogProps {
  exercise: AssignedExercise | null;
  fileUrl: FileUrl;
  /** A file's URL could not be had ('Ver Archivo'). */
  onFileOpenFailed: (error: unknown) => void;
  onClose: () => void;
  /** 'Categoría' for the patient, 'Categoría y origen' for the therapist. */
  categoryTitle: string;
  /** Said under the chips of a retired exercise (the therapist's view). */
  retiredNote?: string;
  /** The body of 'Estado': the patient completes the exercise there, the therapist reads how it went. */
  status: (exercise: AssignedExercise) => ReactNode;
  /** A last block of advice (the patient's general instructions). */
  instructions?: { title: string; text: string };
}

/**
 * An assigned exercise's detail, in both shells: category and sources, description, dates, material,
 * its state, and the patient's instructions.
 */
export function AssignedExerciseDialog({
  exercise,
  fileUrl,
  onFileOpenFailed,
  onClose,
  categoryTitle,
  retiredNote,
  status,
  instructions,
}: AssignedExerciseDialogProps) {
  const fullScreen = useFullScreenOnPhone();
  const titleId = useId();
  return (
    <Dialog open={Boolean(exercise)} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      {exercise && (
        <>
          <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
            {exercise.titulo}
          </DialogTitle>
          <DialogContent dividers>
            <Stack spacing={2.5} divider={<Divider flexItem />}>
              <DetailBlock title={categoryTitle}>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
                  <CategoryChip categoria={exercise.categoria} />
                  <SourceChips item={exercise} />
                  {exercise.retirado && <RetiredChip />}
                </Stack>
                {exercise.retirado && retiredNote && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    {retiredNote}
                  </Typography>
                )}
              </DetailBlock>
              <DetailBlock title={T.description}>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {exercise.descripcion || T.noDescription}
                </Typography>
              </DetailBlock>
              <DetailBlock title={T.dates}>
                <Typography variant="body2">
                  {T.assigned}: {formatDateEs(exercise.asignado_en)}
                </Typography>
                <Typography variant="body2">
                  {T.created}: {formatDateEs(exercise.fecha_creacion)}
                </Typography>
              </DetailBlock>
              <DetailBlock title={T.material}>
                <ExerciseMaterial fileKeys={exerciseFileKeys(exercise)} fileUrl={fileUrl} onOpenFailed={onFileOpenFailed} />
              </DetailBlock>
              <DetailBlock title={T.status}>{status(exercise)}</DetailBlock>
              {instructions && (
                <DetailBlock title={instructions.title}>
                  <Typography variant="body2" color="text.secondary">
                    {instructions.text}
                  </Typography>
                </DetailBlock>
              )}
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
