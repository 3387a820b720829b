import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { AssignedExercise } from '@consulta/shared';
import { PATIENT_EXERCISES_TEXT as T } from '../../i18n/es/patient-exercises';
import { EXERCISE_FILTERS, filterCounts, matchesFilter, type ExerciseFilter } from '../../components/exercises/exerciseFilter';
import { AssignedExerciseItem, type ExerciseNews } from '../../components/exercises/AssignedExerciseItem';
import { CompletionCheckbox } from './CompletionCheckbox';

export interface ExerciseItemActions {
  isBusy: (exerciseId: string) => boolean;
  onToggle: (exercise: AssignedExercise, done: boolean) => void;
  onOpen: (exercise: AssignedExercise) => void;
  onModuleClick?: (moduleId: string) => void;
  /** What is new to the patient since their last look (null: not new). */
  newsOf?: (exercise: AssignedExercise) => ExerciseNews | null;
}

/** One exercise of the patient's list: its completion checkbox first (the title struck through when done). */
export function ExerciseItem({ exercise, actions }: { exercise: AssignedExercise; actions: ExerciseItemActions }) {
  return (
    <AssignedExerciseItem
      exercise={exercise}
      onOpen={actions.onOpen}
      checkbox={<CompletionCheckbox exercise={exercise} busy={actions.isBusy(exercise.id)} onToggle={actions.onToggle} />}
      onModuleClick={actions.onModuleClick}
      news={actions.newsOf?.(exercise)}
    />
  );
}

/**
 * The 'Ejercicios' tab: filter Todos / Individuales / De módulos with counts ('Todos' counts each exercise once; a line
 * says when one is under both sources), then the matching exercises.
 */
export function ExerciseList({ exercises, actions }: { exercises: readonly AssignedExercise[]; actions: ExerciseItemActions }) {
  const [filter, setFilter] = useState<ExerciseFilter>('all');
  const counts = filterCounts(exercises);
  const noteId = useId();
  const shown = exercises.filter((e) => matchesFilter(e, filter));
  return (
    <Box>
      <ToggleButtonGroup
        exclusive
        fullWidth
        size="small"
        color="primary"
        value={filter}
        aria-label={T.filter.label}
        aria-describedby={counts.both > 0 ? noteId : undefined}
        onChange={(_, value: ExerciseFilter | null) => value && setFilter(value)}
        sx={{ mb: counts.both > 0 ? 0.75 : 2, maxWidth: 480, '& .MuiToggleButton-root': { minHeight: 44, textTransform: 'none' } }}
      >
        {EXERCISE_FILTERS.map((f) => (
          <ToggleButton key={f} value={f}>
            {T.filter[f](counts[f])}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {counts.both > 0 && (
        <Typography id={noteId} variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 560 }} data-testid="source-filter-note">
          {T.filter.both(counts.both)}
        </Typography>
      )}
      {shown.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {T.empty[filter]}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {shown.map((exercise) => (
            <ExerciseItem key={exercise.id} exercise={exercise} actions={actions} />
          ))}
        </Box>
      )}
    </Box>
  );
}
