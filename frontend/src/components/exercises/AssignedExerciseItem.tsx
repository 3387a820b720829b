import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link, { type LinkProps } from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MouseEvent, ReactNode } from 'react';
import type { AssignedExercise } from '@consulta/shared';
import { EXERCISE_WIDGETS_TEXT as T } from '../../i18n/es/patient-exercises';
import { formatDateEs } from '../../i18n/format';
import { CategoryChip, FileTypeChip, RetiredChip, SourceChips } from './ExerciseChips';
import { firstFileName } from './exerciseFiles';

interface AssignedExerciseItemProps {
  exercise: AssignedExercise;
  onOpen: (exercise: AssignedExercise) => void;
  /**
   * The patient's completion checkbox, before the text. With it the row is the patient's own: tighter (the checkbox
   * brings its own room), a done exercise's title struck through, and a click on a badge does not open the detail.
   */
  checkbox?: ReactNode;
  /** Under the badges: the therapist's view of its completion and notes. */
  status?: ReactNode;
  /** After the text: the therapist's 'Desasignar'. */
  action?: ReactNode;
  /** A visible 'Ver módulo' link per module opens it (the patient's list, with a checkbox). */
  onModuleClick?: (moduleId: string) => void;
  /** New to the patient since they last looked: the 'Nuevo' badge and, when known, the session it followed. */
  news?: ExerciseNews | null;
}

/** What makes an exercise new to the patient: it came after their last look, maybe after one of their sessions. */
export interface ExerciseNews {
  /** The date of the patient's last session on or before the assignment (ISO 8601), if any. */
  afterSession: string | null;
}

/** One exercise of a patient's list, in both shells: title (opens the detail), description, badges and assigned date. */
export function AssignedExerciseItem({ exercise, onOpen, checkbox, status, action, onModuleClick, news }: AssignedExerciseItemProps) {
  const fileName = firstFileName(exercise);
  const done = Boolean(checkbox) && exercise.completado;
  return (
    <Paper
      component="li"
      variant="outlined"
      onClick={() => onOpen(exercise)}
      sx={{
        display: 'flex',
        gap: checkbox ? { xs: 0.5, sm: 1 } : 1,
        p: checkbox ? { xs: 1, sm: 1.5 } : { xs: 1.5, sm: 2 },
        cursor: 'pointer',
        '&:hover': { borderColor: 'primary.main' },
      }}
    >
      {checkbox}
      <Box sx={{ flex: 1, minWidth: 0, pt: checkbox ? 1 : undefined }}>
        <CardLink
          underline="hover"
          color="inherit"
          variant="subtitle1"
          aria-label={T.openDetail(exercise.titulo)}
          onPress={() => onOpen(exercise)}
          sx={{
            fontWeight: 600,
            textAlign: 'left',
            overflowWrap: 'anywhere',
            ...(checkbox && { textDecoration: done ? 'line-through' : undefined, color: done ? 'text.secondary' : 'text.primary' }),
          }}
        >
          {exercise.titulo}
        </CardLink>
        {news && (
          <Chip
            size="small"
            color="primary"
            label={T.new}
            data-testid="exercise-new"
            sx={{ ml: 1, height: 22, fontWeight: 700, verticalAlign: 'text-bottom' }}
          />
        )}
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
          {onModuleClick &&
            exercise.modulos.map((m) => (
              <CardLink
                key={m.id}
                variant="body2"
                aria-label={T.viewModule(m.titulo)}
                onPress={() => onModuleClick(m.id)}
                sx={{ fontWeight: 600, minHeight: 24 }}
              >
                {T.viewModuleLink}
              </CardLink>
            ))}
        </Stack>
        {status && <Box sx={{ mt: 1 }}>{status}</Box>}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.75 }}>
          {news?.afterSession ? T.suggestedAfter(formatDateEs(news.afterSession)) : T.assignedOn(formatDateEs(exercise.asignado_en))}
        </Typography>
      </Box>
      {action}
    </Paper>
  );
}

/** A link-styled button inside the clickable item: its click is its own (the item does not open as well). */
function CardLink({ onPress, ...link }: Omit<LinkProps<'button'>, 'onClick'> & { onPress: () => void }) {
  return (
    <Link
      component="button"
      type="button"
      {...link}
      onClick={(event: MouseEvent) => {
        event.stopPropagation();
        onPress();
      }}
    />
  );
}
