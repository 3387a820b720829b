import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { AuthUser } from '@consulta/shared';
import { useEffect } from 'react';
import { RouterProvider, createBrowserRouter, useNavigate } from 'react-router';
import { Toaster } from '../components/toast/Toaster';
import { LeaveGuardHost } from '../components/unsaved/LeaveGuardHost';
import { leaveWithoutAsking } from '../components/unsaved/leaveGuards';
import { AuthProvider } from './auth/AuthContext';
import { registerNavigator } from './core/navigation';
import { AppRoutes } from './routes';
import { theme } from './theme';

/** Lets the fetch wrapper and the auth layer move the router (signing out, an expired session: never held back). */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigator((to, options) => {
      leaveWithoutAsking();
      void navigate(to, options);
    });
    return () => registerNavigator(null);
  }, [navigate]);
  return null;
}

function Root({ signedIn }: { signedIn?: AuthUser }) {
  return (
    <>
      <NavigatorBridge />
      <LeaveGuardHost />
      <AuthProvider signedIn={signedIn}>
        <AppRoutes />
      </AuthProvider>
      <Toaster />
    </>
  );
}

// A data router (the route table stays in AppRoutes): it lets a form with unsaved changes hold a navigation back.
// Made on the first render, not on import: the /login door loads this module early and moves the address first.
let router: ReturnType<typeof createBrowserRouter> | null = null;

/** The whole app; `signedIn`: the user the /login door has just signed in. */
export function App({ signedIn }: { signedIn?: AuthUser }) {
  router ??= createBrowserRouter([{ path: '*', element: <Root signedIn={signedIn} /> }]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <RouterProvider router={router} />
    </ThemeProvider>
  );
}
