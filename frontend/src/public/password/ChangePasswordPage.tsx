import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MSG } from '@consulta/shared';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useAuth } from '../../app/auth/AuthContext';
import { authApi } from '../../app/auth/calls';
import { reportError } from '../../app/core/reportError';
import { clearMustChangePassword, mustChangePassword } from '../../app/core/session';
import { dashboardPath } from '../../app/routesConfig';
import { PasswordField } from '../../components/PasswordField';
import { FormProblems, useFieldErrors } from '../../components/forms';
import { NewPasswordFields, validateNewPassword } from '../../components/NewPasswordFields';
import { SubmitButton } from '../../components/SubmitButton';
import { toastSuccess } from '../../components/toast/toastStore';
import { TEXT } from '../../i18n/es/app';
import { AuthCard } from '../layout/AuthCard';
import { AuthLayout } from '../layout/AuthLayout';

interface Errors {
  old?: string;
  next?: string;
  confirm?: string;
}

/** Client-side checks of the change-password form. */
export function validateChangePassword(values: { old: string; next: string; confirm: string }, forced: boolean): Errors {
  const errors: Errors = validateNewPassword(values.next, values.confirm);
  if (!forced && !values.old) errors.old = MSG.password.oldRequired;
  return errors;
}

/** /change-password: forced after a temporary password (no old password asked) or chosen by the user. */
export function ChangePasswordPage() {
  const { user, replaceToken, logout } = useAuth();
  const navigate = useNavigate();
  const [forced] = useState(mustChangePassword);
  const [values, setValues] = useState({ old: '', next: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const marks = useFieldErrors<keyof Errors>({ errors });

  const change = (key: keyof typeof values, value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    if (submitted) setErrors(validateChangePassword(next, forced));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const next = validateChangePassword(values, forced);
    setErrors(next);
    // A refused save marks each field at fault, focuses the first and says in the action area what is missing.
    if (marks.reveal(next)) return;
    setBusy(true);
    try {
      const body = forced ? { new_password: values.next } : { old_password: values.old, new_password: values.next };
      const answer = await authApi.changePassword(body);
      if (answer && typeof answer.access_token === 'string' && answer.access_token) replaceToken(answer.access_token);
      clearMustChangePassword();
      toastSuccess(TEXT.changePassword.successTitle, TEXT.changePassword.success);
      navigate(user?.role === 'terapeuta' ? '/dashboard/terapeuta' : '/dashboard/paciente', { replace: true });
    } catch (error) {
      reportError(error, TEXT.changePassword.error);
    } finally {
      setBusy(false);
    }
  }

  if (user?.role === 'terapeuta') {
    return (
      <AuthLayout>
        <AuthCard icon={<LockResetOutlined />} title={TEXT.changePassword.title}>
          <Alert severity="info" sx={{ my: 2 }}>
            {TEXT.changePassword.googleOnly}
          </Alert>
          <Button variant="contained" component={RouterLink} to={dashboardPath(user.role)}>
            {TEXT.changePassword.back}
          </Button>
        </AuthCard>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <AuthCard icon={<LockResetOutlined />} title={TEXT.changePassword.title}>
        {forced ? (
          <Alert severity="warning" sx={{ my: 2 }}>
            {TEXT.changePassword.forcedSubtitle}
          </Alert>
        ) : (
          <Typography color="text.secondary" sx={{ mb: 2.5 }}>
            {TEXT.changePassword.subtitle}
          </Typography>
        )}
        <Box component="form" noValidate onSubmit={submit} {...marks.root}>
          <Stack spacing={2}>
            {!forced && (
              <PasswordField
                label={TEXT.changePassword.old}
                autoComplete="current-password"
                value={values.old}
                onChange={(e) => change('old', e.target.value)}
                error={Boolean(errors.old)}
                helperText={errors.old}
                {...{ 'data-field': 'old' }}
                required
                fullWidth
              />
            )}
            <NewPasswordFields
              next={values.next}
              confirm={values.confirm}
              errors={errors}
              labels={{ next: TEXT.changePassword.new, confirm: TEXT.changePassword.confirm }}
              onChange={change}
            />
            <FormProblems summary={marks.summary} />
            <SubmitButton busy={busy} label={TEXT.changePassword.submit} busyLabel={TEXT.changePassword.submitting} />
            {forced ? (
              <Button color="inherit" onClick={() => logout()} sx={{ color: 'text.secondary' }}>
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
      </AuthCard>
    </AuthLayout>
  );
}
