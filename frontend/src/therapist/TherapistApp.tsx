import { Shell } from '../shell/Shell';
import { THERAPIST_SHELL } from './sections';

/** The therapist shell, mounted under /dashboard/terapeuta and loaded lazily. */
export default function TherapistApp() {
  return <Shell config={THERAPIST_SHELL} />;
}
