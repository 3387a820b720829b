import { PATIENT_PROFILE_LIMITS, isPictureUrl } from '@consulta/shared';
import { keyOwner } from './file-keys';

/** A profile photo as the product produces it: the key of an uploaded file, or an https: image URL. */
export type PhotoReference = { key: string } | { url: string };

/** What `foto_perfil` may hold (the picture rule of `isPictureUrl` for addresses); null when it is neither (400). */
export function photoReference(value: unknown): PhotoReference | null {
  if (typeof value !== 'string' || value.length > PATIENT_PROFILE_LIMITS.fotoPerfilMax) return null;
  if (keyOwner(value) !== null) return { key: value };
  return isPictureUrl(value) ? { url: value } : null;
}
