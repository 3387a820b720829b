import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { Toaster } from '../components/toast/Toaster';
import { AuthProvider } from './auth/AuthContext';
import { registerNavigator } from './core/navigation';
import { AppRoutes } from './routes';
import { theme } from './theme';

/** Lets the fetch wrapper and the auth layer move the router. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigator((to, options) => navigate(to, options));
    return () => registerNavigator(null);
  }, [navigate]);
  return null;
}

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <BrowserRouter>
        <NavigatorBridge />
        <AuthProvider>
          <AppRoutes />
        </AuthProvider>
        <Toaster />
      </BrowserRouter>
    </ThemeProvider>
  );
}
