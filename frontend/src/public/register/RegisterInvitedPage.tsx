import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ASKABLE_CONSENT_KINDS,
  CONSENT_KIND_LABELS,
  dialCodeOf,
  type AskableConsentKind,
  type InvitationValidation,
} from '@consulta/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../../app/auth/calls';
import { isUnreachable, serverDetail } from '../../app/core/http';
import { useLoad } from '../../app/core/useLoad';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { ConsentChoices } from '../../components/consents/ConsentChoices';
import { CONSENT_TEXT } from '../../i18n/es/consents';
import { SubmitButton } from '../../components/SubmitButton';
import { toastError, toastSuccess } from '../../components/toast/toastStore';
import { FormProblems, serverFieldErrors, useFieldErrors } from '../../components/forms';
import { TEXT } from '../../i18n/es/app';
import { emptyCreatePatientForm, type CreatePatientForm } from '../../components/patient-profile/patientProfileForm';
import { PatientProfileFields } from '../../components/patient-profile/PatientProfileFields';
import { PublicLayout } from '../layout/PublicLayout';
import { StatusPage } from '../StatusPage';
import {
  buildRegistrationPayload,
  hasErrors,
  invitedByEmail,
  validateRegistration,
  type RegistrationErrors,
  type RegistrationForm,
} from './registration';

/** /register/invited?token=…: validates the invitation, then the patient creates their account. */
export function RegisterInvitedPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useLoad(token, () => authApi.validateInvitation(token));

  // 'Invitación inválida' with the server's message, or 'Error al validar la invitación'; once per outcome.
  const problem =
    invitation.state === 'failed'
      ? { title: TEXT.register.validateError, text: invitation.error instanceof Error ? invitation.error.message : '' }
      : invitation.state === 'done' && !invitation.value.valid
        ? { title: TEXT.register.invalidInvitation, text: invitation.value.message }
        : null;
  const problemKey = problem ? `${token}\n${problem.title}\n${problem.text}` : null;
  useEffect(() => {
    if (problem) toastError(problem.title, problem.text || undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one toast per outcome, not per render
  }, [problemKey]);

  if (invitation.state === 'loading') {
    return (
      <PublicLayout>
        <Stack spacing={2} sx={{ flex: 1, alignItems: 'center', justifyContent: 'center', py: 10 }} role="status">
          <CircularProgress />
          <Typography color="text.secondary">{TEXT.register.verifying}</Typography>
        </Stack>
      </PublicLayout>
    );
  }
  if (invitation.state === 'failed' || !invitation.value.valid) {
    // No answer is not a verdict on the invitation: offer to try again.
    const unchecked = invitation.state === 'failed' && isUnreachable(invitation.error);
    return (
      <StatusPage
        icon={<LinkOffOutlined />}
        title={unchecked ? TEXT.register.uncheckedTitle : TEXT.register.invalidTitle}
        text={invitation.state === 'failed' ? [problem?.title, problem?.text].filter(Boolean).join(': ') : invitation.value.message}
        actions={
          <>
            {unchecked && (
              <Button variant="contained" onClick={() => window.location.reload()}>
                {TEXT.common.retry}
              </Button>
            )}
            <Button variant={unchecked ? 'outlined' : 'contained'} component={RouterLink} to="/">
              {TEXT.register.home}
            </Button>
          </>
        }
      />
    );
  }
  return <RegistrationFormCard token={token} invitation={invitation.value} />;
}

function RegistrationFormCard({ token, invitation }: { token: string; invitation: InvitationValidation }) {
  const navigate = useNavigate();
  const byEmail = invitedByEmail(invitation);
  // The phone starts with the inviting therapist's country's code.
  const [form, setForm] = useState<RegistrationForm>(() => ({
    ...emptyCreatePatientForm(dialCodeOf(invitation.pais)),
    password: '',
    confirm: '',
  }));
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const marks = useFieldErrors({ errors });
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  // The consents the invitation asks for: unticked until the patient ticks them (unticked = not given).
  const asked = ASKABLE_CONSENT_KINDS.filter((kind) => invitation.consentimientos?.includes(kind));
  const [ticked, setTicked] = useState<AskableConsentKind[]>([]);

  const update = <K extends keyof RegistrationForm>(key: K, value: RegistrationForm[K]) => {
    // From the latest form: a phone typed with its code changes the code and the digits in one go.
    setForm((current) => {
      const next = { ...current, [key]: value };
      if (submitted) setErrors(validateRegistration(next, byEmail));
      return next;
    });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const found = validateRegistration(form, byEmail);
    setErrors(found);
    if (hasErrors(found)) {
      marks.reveal(found);
      return;
    }
    setBusy(true);
    try {
      await authApi.registerInvited(buildRegistrationPayload(token, form, byEmail, ticked));
      if (byEmail) toastSuccess(TEXT.register.successTitle, TEXT.register.success);
      else toastSuccess(TEXT.register.checkMailTitle, TEXT.register.checkMail);
      navigate('/login', { replace: true });
    } catch (failure) {
      // A 400 naming fields marks them; anything else is told as before.
      const named = serverFieldErrors<keyof RegistrationErrors>(failure, null);
      if (Object.keys(named).length > 0) {
        setErrors(named);
        marks.reveal(named);
      } else {
        toastError(TEXT.register.error, serverDetail(failure) ?? TEXT.register.errorFallback);
      }
      setBusy(false);
    }
  }

  return (
    <PublicLayout>
      <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
        <Card>
          <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
              <HowToRegOutlined color="primary" />
              <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
                {TEXT.register.title}
              </Typography>
            </Stack>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {TEXT.register.invitedBy(invitation.therapist_name ?? '')}
            </Typography>
            <Box component="form" noValidate onSubmit={submit} {...marks.root}>
              <Alert severity="info" icon={false} sx={{ mb: 3 }}>
                {byEmail ? TEXT.register.emailFromInvitation : TEXT.register.phoneFromInvitation}:{' '}
                <strong>{invitation.email ?? invitation.phone_number}</strong>
              </Alert>
              <PatientProfileFields
                form={form}
                errors={errors}
                update={update as <K extends keyof CreatePatientForm>(key: K, value: CreatePatientForm[K]) => void}
                email={!byEmail}
                phone={byEmail}
                consentLabel={TEXT.register.consent}
              >
                <Box sx={{ gridColumn: { sm: '1 / -1' }, display: 'grid', gap: 2 }}>
                  <NewPasswordFields
                    next={form.password}
                    confirm={form.confirm}
                    errors={{ next: errors.password, confirm: errors.confirm }}
                    labels={{ next: TEXT.register.password, confirm: TEXT.register.confirm }}
                    fieldNames={{ next: 'password', confirm: 'confirm' }}
                    onChange={(field, value) => update(field === 'next' ? 'password' : 'confirm', value)}
                  />
                </Box>
              </PatientProfileFields>
              {asked.length > 0 && (
                <ConsentChoices
                  title={CONSENT_TEXT.registerTitle}
                  intro={CONSENT_TEXT.registerIntro(invitation.therapist_name ?? '')}
                  idPrefix="register-consent"
                  kinds={asked}
                  checked={ticked}
                  label={(kind) => CONSENT_TEXT.registerConsent(CONSENT_KIND_LABELS[kind])}
                  onChange={(kind, on) => setTicked((now) => (on ? [...now, kind] : now.filter((k) => k !== kind)))}
                />
              )}
              <FormProblems summary={marks.summary} sx={{ mb: 2 }} />
              <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
                <Button component={RouterLink} to="/" color="inherit">
                  {TEXT.register.home}
                </Button>
                <SubmitButton busy={busy} label={TEXT.register.submit} busyLabel={TEXT.register.submitting} />
              </Stack>
            </Box>
          </CardContent>
        </Card>
      </Container>
    </PublicLayout>
  );
}
