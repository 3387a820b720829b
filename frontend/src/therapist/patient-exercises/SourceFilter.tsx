import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AssignedExercise } from '@consulta/shared';
import { useId } from 'react';
import { PATIENT_DETAIL_EXERCISES_TEXT } from '../../i18n/es/patient-detail-exercises';
import { EXERCISE_FILTERS, filterCounts, type ExerciseFilter } from '../../components/exercises/exerciseFilter';
import { FilterToggle } from './FilterToggle';

const T = PATIENT_DETAIL_EXERCISES_TEXT.sourceFilter;

/**
 * Todos / Individuales / De módulos with their counts: 'Todos' counts each exercise once; one both assigned alone
 * and through a module is under both sources, which a line below says when it happens.
 */
export function SourceFilter({
  items,
  value,
  onChange,
}: {
  items: readonly AssignedExercise[];
  value: ExerciseFilter;
  onChange: (f: ExerciseFilter) => void;
}) {
  const counts = filterCounts(items);
  const noteId = useId();
  return (
    <Box sx={{ mb: 2 }}>
      <FilterToggle
        label={T.label}
        describedBy={counts.both > 0 ? noteId : undefined}
        value={value}
        onChange={onChange}
        options={EXERCISE_FILTERS.map((f) => ({ value: f, label: T[f](counts[f]) }))}
      />
      {counts.both > 0 && (
        <Typography id={noteId} variant="body2" color="text.secondary" sx={{ mt: 0.75, maxWidth: 560 }} data-testid="source-filter-note">
          {T.both(counts.both)}
        </Typography>
      )}
    </Box>
  );
}
