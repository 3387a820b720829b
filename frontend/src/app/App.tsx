import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
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

function Root() {
  return (
    <>
      <NavigatorBridge />
      <LeaveGuardHost />
      <AuthProvider>
        <AppRoutes />
      </AuthProvider>
      <Toaster />
    </>
  );
}

// A data router (the route table stays in AppRoutes): it lets a form with unsaved changes hold a navigation back.
const router = createBrowserRouter([{ path: '*', element: <Root /> }]);

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <RouterProvider router={router} />
    </ThemeProvider>
  );
}
