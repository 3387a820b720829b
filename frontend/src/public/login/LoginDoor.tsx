import type { AuthUser } from '@consulta/shared';
import { Suspense, lazy, useSyncExternalStore } from 'react';
import { acceptToken } from '../../app/auth/acceptToken';
import { fromState } from '../../app/routesConfig';
import { getToasts, subscribeToasts } from '../../components/toast/toastStore';
import { LoginScreen } from './LoginScreen';

// The toasts are MUI's: loaded with the first one (a sign-in's answer), after the form is usable.
const ThemedToaster = lazy(() => import('./light/ThemedToaster'));

function DoorToaster() {
  const any = useSyncExternalStore(subscribeToasts, () => getToasts().length > 0);
  return any ? (
    <Suspense fallback={null}>
      <ThemedToaster />
    </Suspense>
  ) : null;
}

export interface LoginDoorProps {
  /** Loads the app and shows `path` there (the address changes as the router's would); `signedIn`: who just signed in. */
  enterApp: (path: string, options?: { replace?: boolean; signedIn?: AuthUser }) => Promise<void>;
  /** Starts loading the app ahead (a sign-in has begun). */
  preloadApp: () => void;
}

/**
 * A first visit to /login, signed out: the sign-in screen alone, without the router, react-admin or MUI. Signing in
 * (or following a link) loads the app and goes on there.
 */
export function LoginDoor({ enterApp, preloadApp }: LoginDoorProps) {
  // A reload of the /login a guard sent the user to still knows the page they came from (the router's history state).
  const from = fromState((window.history.state as { usr?: unknown } | null)?.usr);
  return (
    <>
      <LoginScreen from={from} go={enterApp} signIn={acceptToken} onSignInStart={preloadApp} />
      <DoorToaster />
    </>
  );
}
