import type { AppointmentConflict } from '@consulta/shared';
import { ApiError, errorCode } from '../../app/core/http';

/** The appointments in the way, when a save was refused with 409 APPOINTMENT_OVERLAP (null for any other failure). */
export function overlapConflicts(error: unknown): AppointmentConflict[] | null {
  if (errorCode(error) !== 'APPOINTMENT_OVERLAP' || !(error instanceof ApiError)) return null;
  const list = (error.body as { conflictos?: unknown } | undefined)?.conflictos;
  return Array.isArray(list) ? (list as AppointmentConflict[]) : [];
}
