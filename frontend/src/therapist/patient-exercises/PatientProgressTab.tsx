import Box from '@mui/material/Box';
import { MSG } from '@consulta/shared';
import { useEffect } from 'react';
import { reportError } from '../../app/core/reportError';
import { ExerciseProgressView, type ProgressSection } from '../../components/exercises/ExerciseProgressView';
import { PATIENT_DETAIL_EXERCISES_TEXT } from '../../i18n/es/patient-detail-exercises';
import type { PatientTabProps } from '../patients/detail/tabTypes';
import { LoadFailed, Loading } from '../../components/LoadStates';
import { ProgressDetailList } from './ProgressDetailList';
import { RecentCompletions } from './RecentCompletions';
import { TabHeader } from '../../components/TabHeader';
import { usePatientExercises } from './patientExerciseQueries';

const T = PATIENT_DETAIL_EXERCISES_TEXT;
/** The shared view's recent list has no notes: this tab shows its own. */
const SECTIONS: readonly ProgressSection[] = ['counters', 'overall', 'bySource', 'byModule', 'byCategory'];

/**
 * The patient's progress as the server computed it with the list (one call): counters,
 * overall bar, charts by source, module and category, the latest completions and the filterable list.
 */
export function PatientProgressTab({ patient }: PatientTabProps) {
  const { data, isPending, error, refetch } = usePatientExercises(patient.id);

  useEffect(() => {
    if (error) reportError(error, MSG.exercises.progressLoadFailed);
  }, [error]);

  let content;
  if (data) {
    content = (
      <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
        <ExerciseProgressView progress={data} sections={SECTIONS} />
        <RecentCompletions items={data.recientes} />
        <ProgressDetailList items={data.ejercicios} />
      </Box>
    );
  } else if (isPending) content = <Loading text={T.loading} />;
  else content = <LoadFailed text={MSG.exercises.progressLoadFailed} onRetry={() => void refetch()} />;

  return (
    <Box data-testid="patient-progress-tab" sx={{ minWidth: 0 }}>
      <TabHeader title={T.progress.heading} />
      {content}
    </Box>
  );
}
