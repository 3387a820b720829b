import Box from '@mui/material/Box';
import type { AssignedExercise } from '@consulta/shared';
import { PATIENT_DETAIL_EXERCISES_TEXT } from '../../i18n/es/patient-detail-exercises';
import { EXERCISE_FILTERS, filterCounts, type ExerciseFilter } from '../../components/exercises/exerciseFilter';
import { FilterToggle } from './FilterToggle';

const T = PATIENT_DETAIL_EXERCISES_TEXT.sourceFilter;

/** Todos / Individual / Módulos with their counts (an exercise of both sources counts in each). */
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
  return (
    <Box sx={{ mb: 2 }}>
      <FilterToggle
        label={T.label}
        value={value}
        onChange={onChange}
        options={EXERCISE_FILTERS.map((f) => ({ value: f, label: T[f](counts[f]) }))}
      />
    </Box>
  );
}
