import { SESSION_LIMITS } from '@consulta/shared';
import type { SessionForm } from '../sessionForm';

/** A video's length as the form's whole minutes: rounded, at least 1, at most the longest session allowed. */
export function minutesOfVideo(seconds: number): number {
  return Math.min(SESSION_LIMITS.duracionMax, Math.max(1, Math.round(seconds / 60)));
}

/** The duration the form takes from its video: only when the therapist has left the field empty. */
export function durationFromVideo(form: SessionForm, seconds: number | null): Partial<SessionForm> | null {
  if (seconds === null || !(seconds > 0) || form.duracion_minutos.trim() !== '') return null;
  return { duracion_minutos: String(minutesOfVideo(seconds)) };
}
