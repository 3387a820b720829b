import { EXPIRY_TOAST_MS, STORAGE_KEYS, TOKEN_REVALIDATION_MS, type AuthUser } from '@consulta/shared';
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { TEXT } from '../../i18n/es/app';
import { toast, toastError, toastSuccess } from '../../components/toast/toastStore';
import { ApiError, SESSION_CLEARED_EVENT } from '../core/http';
import { acceptToken } from './acceptToken';
import { authApi } from './calls';
import { currentPath, navigateTo } from '../core/navigation';
import { clearAll, getStoredUser, getToken, markTokenExpiredShown, setToken, storeUser, tokenExpiredShown } from '../core/session';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface AuthContextValue {
  user: AuthUser | null;
  status: AuthStatus;
  /** Keeps a fresh access token, loads the profile and signs the user in. */
  login: (accessToken: string, options?: { silent?: boolean }) => Promise<AuthUser>;
  /**
   * Ends the session locally and goes to the landing page. A failure says 'Error al cerrar sesión', or
   * `failureText` (the therapist area words it 'Error al cerrar sesión.').
   */
  logout: (failureText?: string) => void;
  /** Replaces the stored token (e.g. the one a password change answers) without reloading the user. */
  replaceToken: (accessToken: string) => void;
  /**
   * Merges changes into the signed-in user (after a profile edit) and says 'Perfil actualizado';
   * `silent` when the page says it in its own words (the patient's 'Mi Perfil').
   */
  updateUser: (changes: Partial<AuthUser>, options?: { silent?: boolean }) => void;
  /** Nobody signs up: access is by invitation only. */
  signup: () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

interface State {
  user: AuthUser | null;
  status: AuthStatus;
}

function initialState(signedIn?: AuthUser): State {
  const token = getToken();
  if (!token) return { user: null, status: 'unauthenticated' };
  // Just signed in on the light /login door: the token was checked against the server a moment ago.
  if (signedIn) return { user: signedIn, status: 'authenticated' };
  return { user: getStoredUser(), status: 'loading' };
}

const isAuthError = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);
const isProtectedPath = (path: string) => path.startsWith('/dashboard') || path === '/change-password';

/** `signedIn`: the user the /login door has just signed in (its token stored and checked), so not checked again. */
export function AuthProvider({ children, signedIn: justSignedIn }: { children: ReactNode; signedIn?: AuthUser }) {
  const [state, setState] = useState<State>(() => initialState(justSignedIn));
  const [validated] = useState(() => state.status === 'authenticated');

  // 1. restore (initialState), 2. validate the stored token once against the server.
  useEffect(() => {
    if (!getToken() || validated) return;
    let cancelled = false;
    authApi
      .me({ skipSessionExpiry: true })
      .then((me) => {
        if (cancelled) return;
        storeUser(me);
        setState({ user: me, status: 'authenticated' });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (isAuthError(error)) {
          clearAll();
          if (isProtectedPath(currentPath()) && !tokenExpiredShown()) {
            markTokenExpiredShown();
            toastError(TEXT.auth.sessionExpiredTitle, TEXT.auth.sessionExpired, EXPIRY_TOAST_MS, true);
          }
          setState({ user: null, status: 'unauthenticated' });
        } else {
          // The server could not be reached: keep the restored session, the next call decides.
          const user = getStoredUser();
          setState({ user, status: user ? 'authenticated' : 'unauthenticated' });
        }
      });
    return () => {
      cancelled = true;
    };
  }, [validated]);

  // 3. revalidate every 5 minutes while signed in; a 401/403 ends the session through the fetch wrapper.
  const signedIn = state.status === 'authenticated';
  useEffect(() => {
    if (!signedIn) return;
    const timer = setInterval(() => {
      if (!getToken()) return;
      authApi
        .me()
        .then((me) => {
          storeUser(me);
          setState({ user: me, status: 'authenticated' });
        })
        .catch(() => undefined);
    }, TOKEN_REVALIDATION_MS);
    return () => clearInterval(timer);
  }, [signedIn]);

  // The fetch wrapper cleared the session (401/403), or another tab signed out.
  useEffect(() => {
    const onCleared = () => setState({ user: null, status: 'unauthenticated' });
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.accessToken && !event.newValue) onCleared();
    };
    window.addEventListener(SESSION_CLEARED_EVENT, onCleared);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(SESSION_CLEARED_EVENT, onCleared);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  const login = useCallback(async (accessToken: string, options?: { silent?: boolean }) => {
    const me = await acceptToken(accessToken, options);
    setState({ user: me, status: 'authenticated' });
    return me;
  }, []);

  const logout = useCallback((failureText?: string) => {
    try {
      clearAll();
      // Both updates in one transition (the router's own updates are transitions): the guards must not
      // see the signed-out state on the old page and send the user to /login instead of /.
      startTransition(() => {
        navigateTo('/', { replace: true });
        setState({ user: null, status: 'unauthenticated' });
      });
      toastSuccess(TEXT.auth.logoutTitle, TEXT.auth.logout);
    } catch {
      toastError(TEXT.auth.logoutErrorTitle, failureText ?? TEXT.auth.logoutError);
    }
  }, []);

  const replaceToken = useCallback((accessToken: string) => setToken(accessToken), []);

  const currentUser = state.user;
  const updateUser = useCallback(
    (changes: Partial<AuthUser>, options?: { silent?: boolean }) => {
      if (!currentUser) {
        toastError(TEXT.auth.profileUpdateError, TEXT.auth.noUser);
        return;
      }
      const user = { ...currentUser, ...changes };
      storeUser(user);
      setState({ user, status: 'authenticated' });
      if (!options?.silent) toastSuccess(TEXT.auth.profileUpdatedTitle, TEXT.auth.profileUpdated);
    },
    [currentUser],
  );

  const signup = useCallback(() => {
    toast({ title: TEXT.auth.signupTitle, description: TEXT.auth.signup, variant: 'info' });
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ user: state.user, status: state.status, login, logout, replaceToken, updateUser, signup }),
    [state, login, logout, replaceToken, updateUser, signup],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error(TEXT.auth.outsideProvider);
  return context;
}
