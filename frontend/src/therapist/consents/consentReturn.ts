import { CONSENT_KINDS, type ConsentKind } from '@consulta/shared';
import { THERAPIST_BASE } from '../../app/routesConfig';

/** Router state of a consent gate's link: the page to come back to once `kind` is recorded. */
export interface ConsentReturn {
  returnTo: string;
  kind: ConsentKind;
}

const isKind = (kind: unknown): kind is ConsentKind => (CONSENT_KINDS as readonly unknown[]).includes(kind);

/** The gate's state, if the location carries a valid one (a page of the therapist's area, nothing else). */
export function consentReturnOf(state: unknown): ConsentReturn | null {
  if (!state || typeof state !== 'object') return null;
  const { returnTo, kind } = state as Record<string, unknown>;
  if (typeof returnTo !== 'string' || !returnTo.startsWith(`${THERAPIST_BASE}/`) || !isKind(kind)) return null;
  return { returnTo, kind };
}
