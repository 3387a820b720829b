import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../../app/auth/calls';
import { isUnreachable } from '../../app/core/http';
import { useLoad } from '../../app/core/useLoad';
import { FormProblems, useFieldErrors } from '../../components/forms';
import { NewPasswordFields, validateNewPassword, type NewPasswordErrors } from '../../components/NewPasswordFields';
import { SubmitButton } from '../../components/SubmitButton';
import { toastError, toastSuccess } from '../../components/toast/toastStore';
import { TEXT } from '../../i18n/es/app';
import { AuthCard } from '../layout/AuthCard';
import { AuthLayout } from '../layout/AuthLayout';

/** /reset-password?token=…: verifies the e-mailed link, then sets the new password and goes to /login. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const check = useLoad(token, () => (token ? authApi.verifyResetToken(token) : Promise.reject(new Error(TEXT.reset.invalidToken))));
  const [values, setValues] = useState({ next: '', confirm: '' });
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const marks = useFieldErrors<keyof NewPasswordErrors>({ errors });

  const change = (field: 'next' | 'confirm', value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validateNewPassword(next.next, next.confirm));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const found = validateNewPassword(values.next, values.confirm);
    setErrors(found);
    // A refused save marks each field at fault, focuses the first and says in the action area what is missing.
    if (marks.reveal(found)) return;
    setBusy(true);
    try {
      await authApi.resetPassword(token, values.next);
      toastSuccess(TEXT.reset.successTitle, TEXT.reset.success);
      navigate('/login', { replace: true });
    } catch (error) {
      toastError(TEXT.reset.error, error instanceof Error ? error.message : undefined);
      setBusy(false);
    }
  }

  if (check.state === 'loading') {
    return (
      <AuthLayout>
        <Stack spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress />
          <Typography color="text.secondary">{TEXT.reset.verifying}</Typography>
        </Stack>
      </AuthLayout>
    );
  }

  if (check.state === 'failed') {
    // No answer is not a verdict on the link: offer to try again rather than a new link.
    const unchecked = isUnreachable(check.error);
    return (
      <AuthLayout>
        <AuthCard icon={<LinkOffOutlined />} title={unchecked ? TEXT.reset.uncheckedTitle : TEXT.reset.invalidTitle}>
          <Typography color="text.secondary" sx={{ mt: 2, mb: 2.5 }}>
            {unchecked ? TEXT.reset.uncheckedText : TEXT.reset.invalidText}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            {unchecked ? (
              <Button variant="contained" onClick={() => window.location.reload()}>
                {TEXT.common.retry}
              </Button>
            ) : (
              <Button variant="contained" component={RouterLink} to="/forgot-password">
                {TEXT.reset.requestNew}
              </Button>
            )}
            <Button component={RouterLink} to="/login">
              {TEXT.forgot.back}
            </Button>
          </Stack>
        </AuthCard>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <AuthCard icon={<LockResetOutlined />} title={TEXT.reset.title}>
        <Typography color="text.secondary" sx={{ mb: 2.5 }}>
          {TEXT.reset.text}
        </Typography>
        <Box component="form" noValidate onSubmit={submit} {...marks.root}>
          <Stack spacing={2}>
            <NewPasswordFields
              next={values.next}
              confirm={values.confirm}
              errors={errors}
              labels={{ next: TEXT.reset.new, confirm: TEXT.reset.confirm }}
              onChange={change}
            />
            <FormProblems summary={marks.summary} />
            <SubmitButton busy={busy} label={TEXT.reset.submit} busyLabel={TEXT.reset.submitting} />
          </Stack>
        </Box>
      </AuthCard>
    </AuthLayout>
  );
}
