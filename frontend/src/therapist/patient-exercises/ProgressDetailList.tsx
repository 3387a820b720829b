import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { AssignedExercise } from '@consulta/shared';
import { CategoryChip, RetiredChip, SourceChips } from '../../components/exercises/ExerciseChips';
import { PATIENT_DETAIL_EXERCISES_TEXT } from '../../i18n/es/patient-detail-exercises';
import { matchesFilter, type ExerciseFilter } from '../../components/exercises/exerciseFilter';
import { CompletionStatus } from './CompletionStatus';
import { FilterToggle } from './FilterToggle';
import { SourceFilter } from './SourceFilter';
import { STATUS_FILTERS, matchesStatus, statusCounts, type StatusFilter } from './progressFilters';

const T = PATIENT_DETAIL_EXERCISES_TEXT.progress;

/** Every exercise of the patient with its state, filterable by status and by source. */
export function ProgressDetailList({ items }: { items: readonly AssignedExercise[] }) {
  const [status, setStatus] = useState<StatusFilter>('all');
  const [source, setSource] = useState<ExerciseFilter>('all');
  const counts = statusCounts(items);
  const shown = items.filter((i) => matchesStatus(i, status) && matchesFilter(i, source));
  return (
    <Paper variant="outlined" component="section" aria-label={T.detail} sx={{ p: { xs: 1.5, sm: 2.5 }, minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.5 }}>
        {T.detail}
      </Typography>
      <Box sx={{ mb: 1.5 }}>
        <FilterToggle
          label={T.statusFilter.label}
          value={status}
          onChange={setStatus}
          options={STATUS_FILTERS.map((f) => ({ value: f, label: T.statusFilter[f](counts[f]) }))}
        />
      </Box>
      <SourceFilter items={items} value={source} onChange={setSource} />
      {shown.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {items.length === 0 ? T.empty : T.emptyFiltered}
        </Typography>
      ) : (
        <Box component="ul" aria-label={T.detail} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {shown.map((item) => (
            <Box component="li" key={item.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere', mb: 0.75 }}>
                {item.titulo}
              </Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, mb: 0.75 }}>
                <SourceChips item={item} />
                <CategoryChip categoria={item.categoria} />
                {item.retirado && <RetiredChip />}
              </Stack>
              <CompletionStatus exercise={item} />
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
