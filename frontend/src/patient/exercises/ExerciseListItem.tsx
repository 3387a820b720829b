import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AssignedExercise } from '@consulta/shared';
import { CategoryChip, FileTypeChip, RetiredChip, SourceChips } from '../../components/exercises/ExerciseChips';
import { PATIENT_EXERCISES_TEXT as T } from '../../i18n/es/patient-exercises';
import { formatDateEs } from '../../i18n/format';
import { CompletionCheckbox } from './CompletionCheckbox';
import { firstFileName } from '../../components/exercises/exerciseFiles';

export interface ExerciseItemActions {
  isBusy: (exerciseId: string) => boolean;
  onToggle: (exercise: AssignedExercise, done: boolean) => void;
  onOpen: (exercise: AssignedExercise) => void;
  onModuleClick?: (moduleId: string) => void;
}

/** One exercise of the patient's list: checkbox, title (struck through when done), description and badges. */
export function ExerciseListItem({ exercise, actions }: { exercise: AssignedExercise; actions: ExerciseItemActions }) {
  const fileName = firstFileName(exercise);
  return (
    <Paper
      component="li"
      variant="outlined"
      onClick={() => actions.onOpen(exercise)}
      sx={{
        display: 'flex',
        gap: { xs: 0.5, sm: 1 },
        p: { xs: 1, sm: 1.5 },
        cursor: 'pointer',
        '&:hover': { borderColor: 'primary.main' },
      }}
    >
      <CompletionCheckbox exercise={exercise} busy={actions.isBusy(exercise.id)} onToggle={actions.onToggle} />
      <Box sx={{ flex: 1, minWidth: 0, pt: 1 }}>
        <Link
          component="button"
          type="button"
          underline="hover"
          color="inherit"
          variant="subtitle1"
          aria-label={T.openDetail(exercise.titulo)}
          onClick={(event) => {
            event.stopPropagation();
            actions.onOpen(exercise);
          }}
          sx={{
            fontWeight: 600,
            textAlign: 'left',
            overflowWrap: 'anywhere',
            textDecoration: exercise.completado ? 'line-through' : undefined,
            color: exercise.completado ? 'text.secondary' : 'text.primary',
          }}
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
          <Box onClick={(event) => event.stopPropagation()} sx={{ display: 'contents' }}>
            <SourceChips item={exercise} onModuleClick={actions.onModuleClick} />
          </Box>
          <CategoryChip categoria={exercise.categoria} />
          {fileName && <FileTypeChip fileName={fileName} />}
          {exercise.retirado && <RetiredChip />}
        </Stack>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.75 }}>
          {T.assignedOn(formatDateEs(exercise.asignado_en))}
        </Typography>
      </Box>
    </Paper>
  );
}
