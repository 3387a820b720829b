import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TEXT } from '../i18n/es/app';

/** A spinner and its text, centred; `roomy` for a whole page's first load (more space, a larger spinner). */
export function Loading({ text, roomy = false }: { text: string; roomy?: boolean }) {
  return (
    <Stack
      direction="row"
      spacing={1.5}
      role="status"
      sx={{ alignItems: 'center', justifyContent: 'center', py: roomy ? 10 : 6, color: 'text.secondary' }}
    >
      <CircularProgress size={roomy ? 22 : 20} />
      <Typography>{text}</Typography>
    </Stack>
  );
}

export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <Alert severity="error" action={<Button onClick={onRetry}>{TEXT.common.retry}</Button>}>
      {text}
    </Alert>
  );
}

export function EmptyText({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" sx={{ py: 5, textAlign: 'center' }}>
      {text}
    </Typography>
  );
}

/** A spinner alone, centred; `label` names it for a screen reader. */
export function LoadingSpinner({ label }: { label: string }) {
  return (
    <Box role="status" aria-label={label} sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress />
    </Box>
  );
}
