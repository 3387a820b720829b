import type { Role } from '@consulta/shared';

export const THERAPIST_BASE = '/dashboard/terapeuta';
export const PATIENT_BASE = '/dashboard/paciente';

export const dashboardPath = (role: Role): string => (role === 'terapeuta' ? THERAPIST_BASE : PATIENT_BASE);

/** The page the user was sent away from, if it lies in the signed-in role's area (else: their dashboard). */
export function returnPath(from: unknown, role: Role): string | null {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  const path = from.split(/[?#]/)[0];
  const base = dashboardPath(role);
  return path === base || path.startsWith(`${base}/`) ? from : null;
}

/** Reads `from` out of a location state. */
export const fromState = (state: unknown): unknown => (state && typeof state === 'object' ? (state as { from?: unknown }).from : undefined);
