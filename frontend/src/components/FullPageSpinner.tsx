import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { TEXT } from '../i18n/es/app';

/** The centered spinner a protected route shows while the authentication state loads. */
export function FullPageSpinner({ label = TEXT.common.loadingLabel }: { label?: string }) {
  return (
    <Box
      role="progressbar"
      aria-label={label}
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default' }}
    >
      <CircularProgress aria-hidden size={44} thickness={4} />
    </Box>
  );
}
