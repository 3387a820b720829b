import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TEXT } from '../i18n/es/app';

export function Loading({ text }: { text: string }) {
  return (
    <Stack
      direction="row"
      spacing={1.5}
      role="status"
      sx={{ alignItems: 'center', justifyContent: 'center', py: 6, color: 'text.secondary' }}
    >
      <CircularProgress size={20} />
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
