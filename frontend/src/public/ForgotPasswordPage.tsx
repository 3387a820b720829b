import ArrowBack from '@mui/icons-material/ArrowBack';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { emailError, normalizeEmail } from '@consulta/shared';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { authApi } from '../app/auth/calls';
import { ApiError } from '../app/core/http';
import { SubmitButton } from '../components/SubmitButton';
import { toastError } from '../components/toast/toastStore';
import { TEXT } from '../i18n/es/app';
import { AuthCard } from './layout/AuthCard';
import { AuthLayout } from './layout/AuthLayout';

/** /forgot-password: asks for a reset link; the answer is the same whether or not the e-mail exists. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = emailError(email);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const answer = await authApi.forgotPassword(normalizeEmail(email));
      setSent(answer.message);
    } catch (failure) {
      // A 4xx carries the server's Spanish detail (e.g. too many requests); anything else is a connection problem.
      if (failure instanceof ApiError && failure.status < 500) toastError(failure.message);
      else toastError(TEXT.forgot.connectionError, failure instanceof Error ? failure.message : undefined);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout>
      <AuthCard icon={<MarkEmailReadOutlined />} title={TEXT.forgot.title}>
        {sent ? (
          <Stack spacing={2} sx={{ mt: 2 }}>
            <Alert severity="success" role="status">
              <strong>{TEXT.forgot.sentTitle}.</strong> {sent}
            </Alert>
            <Typography variant="body2" color="text.secondary">
              {TEXT.forgot.therapists}
            </Typography>
          </Stack>
        ) : (
          <Box component="form" noValidate onSubmit={submit}>
            <Typography color="text.secondary" sx={{ mb: 2.5 }}>
              {TEXT.forgot.text}
            </Typography>
            <Stack spacing={2}>
              <TextField
                label={TEXT.forgot.email}
                type="email"
                autoComplete="email"
                autoFocus
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                error={Boolean(error)}
                helperText={error}
                required
                fullWidth
              />
              <SubmitButton busy={busy} label={TEXT.forgot.submit} busyLabel={TEXT.forgot.submitting} />
            </Stack>
          </Box>
        )}
        <Button startIcon={<ArrowBack />} component={RouterLink} to="/login" sx={{ mt: 2 }}>
          {TEXT.forgot.back}
        </Button>
      </AuthCard>
    </AuthLayout>
  );
}
