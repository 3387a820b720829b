import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { AssignedExercise } from '@consulta/shared';
import { CategoryChip, FileTypeChip, RetiredChip, SourceChips } from '../../components/exercises/ExerciseChips';
import { PATIENT_DETAIL_EXERCISES_TEXT } from '../../i18n/es/patient-detail-exercises';
import { formatDateEs } from '../../i18n/format';
import { firstFileName } from '../../components/exercises/exerciseFiles';
import { CompletionStatus } from './CompletionStatus';

const T = PATIENT_DETAIL_EXERCISES_TEXT;

interface PatientExerciseItemProps {
  exercise: AssignedExercise;
  onOpen: (exercise: AssignedExercise) => void;
  onUnassign: (exercise: AssignedExercise) => void;
}

/** One exercise of the patient's list as the therapist sees it: badges, completion and notes, and 'Desasignar'. */
export function PatientExerciseItem({ exercise, onOpen, onUnassign }: PatientExerciseItemProps) {
  const fileName = firstFileName(exercise);
  return (
    <Paper
      component="li"
      variant="outlined"
      onClick={() => onOpen(exercise)}
      sx={{ display: 'flex', gap: 1, p: { xs: 1.5, sm: 2 }, cursor: 'pointer', '&:hover': { borderColor: 'primary.main' } }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Link
          component="button"
          type="button"
          underline="hover"
          color="inherit"
          variant="subtitle1"
          aria-label={T.exercises.openDetail(exercise.titulo)}
          onClick={(event) => {
            event.stopPropagation();
            onOpen(exercise);
          }}
          sx={{ fontWeight: 600, textAlign: 'left', overflowWrap: 'anywhere' }}
        >
          {exercise.titulo}
        </Link>
        {exercise.descripcion && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{
              mt: 0.25,
              overflowWrap: 'anywhere',
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {exercise.descripcion}
          </Typography>
        )}
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, mt: 1, alignItems: 'center' }}>
          <SourceChips item={exercise} />
          <CategoryChip categoria={exercise.categoria} />
          {fileName && <FileTypeChip fileName={fileName} />}
          {exercise.retirado && <RetiredChip />}
        </Stack>
        <Box sx={{ mt: 1 }}>
          <CompletionStatus exercise={exercise} />
        </Box>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.75 }}>
          {T.assignedOn(formatDateEs(exercise.asignado_en))}
        </Typography>
      </Box>
      <Tooltip title={T.unassign.confirm}>
        <IconButton
          aria-label={T.exercises.unassign(exercise.titulo)}
          onClick={(event) => {
            event.stopPropagation();
            onUnassign(exercise);
          }}
          sx={{ alignSelf: 'flex-start', width: 44, height: 44 }}
        >
          <LinkOffOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    </Paper>
  );
}
