import type { AuthUser } from '@consulta/shared';
import { TEXT } from '../../i18n/es/app';
import { toastError, toastSuccess } from '../../components/toast/toastStore';
import { decodeToken, setToken, storeUser } from '../core/session';
import { authApi } from './calls';

/**
 * Keeps a fresh access token once its profile loads: stores both and says 'Acceso exitoso' (unless `silent`), or says
 * 'Error de acceso' and throws. Outside React, so the sign-in door and the auth context sign in the same way.
 */
export async function acceptToken(accessToken: string, options?: { silent?: boolean }): Promise<AuthUser> {
  try {
    if (!decodeToken(accessToken)) throw new Error(TEXT.auth.profileFetchFailed);
    let me: AuthUser;
    try {
      me = await authApi.me({ token: accessToken, skipSessionExpiry: true });
    } catch {
      throw new Error(TEXT.auth.profileFetchFailed);
    }
    setToken(accessToken);
    storeUser(me);
    if (!options?.silent) toastSuccess(TEXT.auth.loginSuccessTitle, TEXT.auth.loginSuccess);
    return me;
  } catch (error) {
    toastError(TEXT.auth.loginErrorTitle, TEXT.auth.loginError);
    throw error;
  }
}
