import { Shell } from '../shell/Shell';
import { PATIENT_SHELL } from './sections';

/** The patient shell, mounted under /dashboard/paciente and loaded lazily. */
export default function PatientApp() {
  return <Shell config={PATIENT_SHELL} />;
}
