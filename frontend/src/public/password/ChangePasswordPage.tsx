import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CONFIRMATION_MIN_LENGTH, MSG, passwordErrors } from '@consulta/shared';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useAuth } from '../../app/auth/AuthContext';
import { api } from '../../app/core/http';
import { clearMustChangePassword, mustChangePassword } from '../../app/core/session';
import { dashboardPath } from '../../app/routesConfig';
import { PasswordField } from '../../components/PasswordField';
import { PasswordStrength } from '../../components/PasswordStrength';
import { toastError, toastSuccess } from '../../components/toast/toastStore';
import { TEXT } from '../../i18n/es/app';
import { AuthLayout } from '../layout/AuthLayout';

interface Errors {
  old?: string;
  next?: string;
  confirm?: string;
}

/** Client-side checks of the change-password form (spec 1 §5). */
export function validateChangePassword(values: { old: string; next: string; confirm: string }, forced: boolean): Errors {
  const errors: Errors = {};
  if (!forced && !values.old) errors.old = MSG.password.oldRequired;
  if (!values.next) errors.next = MSG.required.password;
  else if (passwordErrors(values.next).length > 0) errors.next = MSG.password.requirements;
  if (!values.confirm) errors.confirm = MSG.required.password;
  else if (values.confirm.length < CONFIRMATION_MIN_LENGTH || values.confirm !== values.next) errors.confirm = MSG.password.mismatch;
  return errors;
}

/** /change-password: forced after a temporary password (no old password asked) or chosen by the user. */
export function ChangePasswordPage() {
  const { user, replaceToken, logout } = useAuth();
  const navigate = useNavigate();
  const [forced] = useState(mustChangePassword);
  const [values, setValues] = useState({ old: '', next: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next = validateChangePassword(values, forced);
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      const body = forced ? { new_password: values.next } : { old_password: values.old, new_password: values.next };
      const answer = await api.post<{ access_token?: string } | undefined>('/auth/change-password', body);
      if (answer && typeof answer.access_token === 'string' && answer.access_token) replaceToken(answer.access_token);
      clearMustChangePassword();
      toastSuccess(TEXT.changePassword.successTitle, TEXT.changePassword.success);
      navigate(user?.role === 'terapeuta' ? '/dashboard/terapeuta' : '/dashboard/paciente', { replace: true });
    } catch (error) {
      toastError(TEXT.changePassword.error, error instanceof Error ? error.message : undefined);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout>
      <Card sx={{ boxShadow: '0 12px 40px rgba(16, 40, 44, 0.08)' }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
            <Box sx={{ width: 40, height: 40, borderRadius: 2, display: 'grid', placeItems: 'center', bgcolor: 'rgba(47,111,115,0.1)', color: 'primary.main' }}>
              <LockResetOutlined />
            </Box>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {TEXT.changePassword.title}
            </Typography>
          </Stack>
          {forced ? (
            <Alert severity="warning" sx={{ my: 2 }}>
              {TEXT.changePassword.forcedSubtitle}
            </Alert>
          ) : (
            <Typography color="text.secondary" sx={{ mb: 2.5 }}>
              {TEXT.changePassword.subtitle}
            </Typography>
          )}
          <Box component="form" noValidate onSubmit={submit}>
            <Stack spacing={2}>
              {!forced && (
                <PasswordField
                  label={TEXT.changePassword.old}
                  autoComplete="current-password"
                  value={values.old}
                  onChange={set('old')}
                  error={Boolean(errors.old)}
                  helperText={errors.old}
                  required
                  fullWidth
                />
              )}
              <PasswordField
                label={TEXT.changePassword.new}
                autoComplete="new-password"
                value={values.next}
                onChange={set('next')}
                error={Boolean(errors.next)}
                helperText={errors.next}
                required
                fullWidth
              />
              <PasswordStrength password={values.next} />
              <PasswordField
                label={TEXT.changePassword.confirm}
                autoComplete="new-password"
                value={values.confirm}
                onChange={set('confirm')}
                error={Boolean(errors.confirm)}
                helperText={errors.confirm}
                required
                fullWidth
                slotProps={{ htmlInput: { minLength: CONFIRMATION_MIN_LENGTH } }}
              />
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={busy}
                startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
              >
                {busy ? TEXT.changePassword.submitting : TEXT.changePassword.submit}
              </Button>
              {forced ? (
                <Button color="inherit" onClick={logout} sx={{ color: 'text.secondary' }}>
                  {TEXT.changePassword.logout}
                </Button>
              ) : (
                user && (
                  <Button color="inherit" component={RouterLink} to={dashboardPath(user.role)} sx={{ color: 'text.secondary' }}>
                    {TEXT.changePassword.back}
                  </Button>
                )
              )}
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
