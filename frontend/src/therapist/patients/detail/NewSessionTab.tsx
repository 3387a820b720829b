import { NewSessionPanel } from '../../sessions/new-session/NewSessionPanel';
import type { PatientTabProps } from './tabTypes';

/** 'Nueva Sesión' for this patient: the shared panel, with the patient chosen (a saved session refreshes the patient's record itself). */
export function NewSessionTab({ patient }: PatientTabProps) {
  return <NewSessionPanel patientId={patient.id} />;
}
