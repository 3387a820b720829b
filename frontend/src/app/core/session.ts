import { STORAGE_KEYS, isRole, type AuthUser } from '@consulta/shared';

/**
 * The data the browser keeps between visits. Every read and write of these keys goes through
 * this module, so the fetch wrapper, the auth context and the react-admin providers agree.
 */

const safe = <T>(fn: () => T, fallback: T): T => {
  try {
    return fn();
  } catch {
    return fallback;
  }
};

export const getToken = (): string | null => safe(() => localStorage.getItem(STORAGE_KEYS.accessToken), null);

export const setToken = (token: string): void => localStorage.setItem(STORAGE_KEYS.accessToken, token);

export function getStoredUser(): AuthUser | null {
  const raw = safe(() => localStorage.getItem(STORAGE_KEYS.authUser), null);
  if (!raw) return null;
  const user = safe<unknown>(() => JSON.parse(raw), null);
  if (!user || typeof user !== 'object') return null;
  const candidate = user as Partial<AuthUser>;
  if (!candidate.id || !isRole(candidate.role)) return null;
  return user as AuthUser;
}

/**
 * The user's picture, as the UI shows it: `avatar_url`, which the server makes from the profile photo (an uploaded
 * one as a signed URL) or else the provider's picture. `foto_perfil` is the stored reference, not an address.
 */
export const pictureOf = (user: Pick<AuthUser, 'avatar_url'>): string | null => user.avatar_url || null;

export function storeUser(user: AuthUser): void {
  localStorage.setItem(STORAGE_KEYS.authUser, JSON.stringify(user));
  localStorage.setItem(STORAGE_KEYS.userName, user.name ?? '');
  const picture = pictureOf(user);
  if (picture) localStorage.setItem(STORAGE_KEYS.userPicture, picture);
  else localStorage.removeItem(STORAGE_KEYS.userPicture);
}

export const getUserPicture = (): string | null => safe(() => localStorage.getItem(STORAGE_KEYS.userPicture), null);

/** What a 401/403 clears: token, user, picture and name. */
export function clearSession(): void {
  for (const key of [STORAGE_KEYS.accessToken, STORAGE_KEYS.authUser, STORAGE_KEYS.userPicture, STORAGE_KEYS.userName]) {
    localStorage.removeItem(key);
  }
}

/** Everything of a signed-in user, as on logout or an invalid token at startup. */
export function clearAll(): void {
  clearSession();
  clearProviderToken();
  clearMustChangePassword();
}

export const setProviderToken = (token: string): void => localStorage.setItem(STORAGE_KEYS.providerToken, token);
export const clearProviderToken = (): void => localStorage.removeItem(STORAGE_KEYS.providerToken);

export const mustChangePassword = (): boolean => safe(() => localStorage.getItem(STORAGE_KEYS.mustChangePassword) === 'true', false);
export const setMustChangePassword = (): void => localStorage.setItem(STORAGE_KEYS.mustChangePassword, 'true');
export const clearMustChangePassword = (): void => localStorage.removeItem(STORAGE_KEYS.mustChangePassword);

export const tokenExpiredShown = (): boolean => safe(() => sessionStorage.getItem(STORAGE_KEYS.tokenExpiredShown) === 'true', false);
export const markTokenExpiredShown = (): void => sessionStorage.setItem(STORAGE_KEYS.tokenExpiredShown, 'true');
export const clearTokenExpiredShown = (): void => sessionStorage.removeItem(STORAGE_KEYS.tokenExpiredShown);

/** Reads the payload of a JWT without verifying it; null when the token is not a decodable JWT. */
export function decodeToken(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const json = decodeURIComponent(Array.from(atob(padded), (c) => '%' + c.charCodeAt(0).toString(16).padStart(2, '0')).join(''));
    const payload: unknown = JSON.parse(json);
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
