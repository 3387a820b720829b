import { NewSessionPanel } from '../../sessions/new-session/NewSessionPanel';
import { useRefreshPatient } from '../../sessions/sessionQueries';
import type { PatientTabProps } from './tabTypes';

/** 'Nueva Sesión' for this patient: the shared panel, with the patient chosen; a saved session refreshes the totals. */
export function NewSessionTab({ patient }: PatientTabProps) {
  const refresh = useRefreshPatient(patient.id);
  return <NewSessionPanel patientId={patient.id} onSaved={() => void refresh()} />;
}
