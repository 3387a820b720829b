import { PATIENT_PROFILE_LIMITS } from '@consulta/shared';
import { keyOwner } from './file-keys';

/** A profile photo as the product produces it: the key of an uploaded file, or an https: image URL. */
export type PhotoReference = { key: string } | { url: string };

/** The normalized https: URL, or null for any other scheme (javascript:, data:, http:, ...) or a malformed one. */
export function httpsUrl(value: string): string | null {
  if (!/^https:\/\//i.test(value) || /\s/.test(value)) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname && !url.username && !url.password ? url.href : null;
  } catch {
    return null;
  }
}

/** What `foto_perfil` may hold; null when it is neither (the caller answers 400). */
export function photoReference(value: unknown): PhotoReference | null {
  if (typeof value !== 'string' || value.length > PATIENT_PROFILE_LIMITS.fotoPerfilMax) return null;
  if (keyOwner(value) !== null) return { key: value };
  const url = httpsUrl(value);
  return url ? { url } : null;
}
