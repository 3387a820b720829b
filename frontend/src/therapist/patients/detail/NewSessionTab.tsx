import { NewSessionPanel } from '../../sessions/new-session/NewSessionPanel';
import { useShowSavedSession } from '../../sessions/sessionLinks';
import type { PatientTabProps } from './tabTypes';

/** 'Nueva Sesión' for this patient: the shared panel, with the patient chosen; a saved session opens in 'Sesiones'. */
export function NewSessionTab({ patient }: PatientTabProps) {
  const showSaved = useShowSavedSession();
  return <NewSessionPanel patientId={patient.id} onSaved={showSaved} />;
}
