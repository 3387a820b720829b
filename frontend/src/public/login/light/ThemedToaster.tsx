import { ThemeProvider } from '@mui/material/styles';
import { theme } from '../../../app/theme';
import { Toaster } from '../../../components/toast/Toaster';

/**
 * The toasts with the app's theme, for the /login door (which has no ThemeProvider of its own, nor CssBaseline: the
 * wrapper's class gives them its border-box sizing).
 */
export default function ThemedToaster() {
  return (
    <ThemeProvider theme={theme}>
      <div className="door-toasts">
        <Toaster />
      </div>
    </ThemeProvider>
  );
}
