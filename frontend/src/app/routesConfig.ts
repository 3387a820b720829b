import type { Role } from '@consulta/shared';

export const THERAPIST_BASE = '/dashboard/terapeuta';
export const PATIENT_BASE = '/dashboard/paciente';

export const dashboardPath = (role: Role): string => (role === 'terapeuta' ? THERAPIST_BASE : PATIENT_BASE);

/** The protected page the user was sent away from, if it still makes sense for the signed-in role. */
export function returnPath(from: unknown, role: Role): string | null {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  const path = from.split(/[?#]/)[0];
  if (['/login', '/change-password', '/unauthorized'].includes(path)) return null;
  if (path.startsWith('/dashboard') && !path.startsWith(dashboardPath(role))) return null;
  return from;
}

/** Reads `from` out of a location state. */
export const fromState = (state: unknown): unknown =>
  state && typeof state === 'object' ? (state as { from?: unknown }).from : undefined;
