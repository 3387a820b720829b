import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { APPOINTMENT_MODE_LABELS, blankToNull, formatAppointmentTime, type PublicAppointment } from '@consulta/shared';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { authApi } from '../../app/auth/calls';
import { isUnreachable, serverDetail } from '../../app/core/http';
import { useLoad } from '../../app/core/useLoad';
import { AppointmentPlace } from '../../components/agenda/AppointmentPlace';
import { AppointmentStateChip } from '../../components/agenda/AppointmentStateChip';
import { CancelReasonField } from '../../components/agenda/CancelReasonField';
import { SubmitButton } from '../../components/SubmitButton';
import { toastError } from '../../components/toast/toastStore';
import { PUBLIC_APPOINTMENT_TEXT as T } from '../../i18n/es/agenda';
import { AuthCard } from '../layout/AuthCard';
import { AuthLayout } from '../layout/AuthLayout';

/** One fact of the appointment: its name and its value. */
function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box component="div" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '130px 1fr' }, columnGap: 2, rowGap: 0.25 }}>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

/** When, how, where, with whom and the state, in the therapist's zone. */
function AppointmentFacts({ appointment }: { appointment: PublicAppointment }) {
  return (
    <Stack component="dl" spacing={1.5} sx={{ m: 0, my: 2.5 }} data-testid="public-appointment">
      <Fact label={T.when}>
        <Typography sx={{ fontWeight: 700, '&::first-letter': { textTransform: 'uppercase' } }}>
          {formatAppointmentTime(appointment.inicio, appointment.zona_horaria)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {T.duration(appointment.duracion_minutos)} · {T.zoneNote(appointment.zona_horaria)}
        </Typography>
      </Fact>
      <Fact label={T.how}>
        <Typography>{APPOINTMENT_MODE_LABELS[appointment.modalidad]}</Typography>
      </Fact>
      {appointment.lugar_o_enlace && (
        <Fact label={T.where}>
          <AppointmentPlace place={appointment.lugar_o_enlace} linkLabel={T.openLink} />
        </Fact>
      )}
      <Fact label={T.with}>
        <Typography>{appointment.terapeuta_nombre}</Typography>
      </Fact>
      <Fact label={T.state}>
        <AppointmentStateChip state={appointment.estado} />
      </Fact>
    </Stack>
  );
}

/**
 * /cita/{token}: the page of a reminder's link, without sign-in. It shows the appointment and offers the one thing
 * the link is for ('Confirmar asistencia', or 'Cancelar cita' with an optional reason); a cancelled or past
 * appointment says why nothing can be done; a forged or expired link says 'El enlace no es válido'.
 */
export function PublicAppointmentPage() {
  const { token = '' } = useParams();
  const loaded = useLoad(token, () => authApi.publicAppointment(token));
  const [done, setDone] = useState<{ appointment: PublicAppointment; action: 'confirmar' | 'cancelar' } | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  async function act(event: FormEvent, appointment: PublicAppointment) {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await authApi.actOnPublicAppointment(
        token,
        appointment.accion,
        appointment.accion === 'cancelar' ? blankToNull(reason) : null,
      );
      setDone({ appointment: answer, action: appointment.accion });
    } catch (error) {
      toastError(T.failed, serverDetail(error) ?? (error instanceof Error ? error.message : undefined));
    } finally {
      setBusy(false);
    }
  }

  if (loaded.state === 'loading') {
    return (
      <AuthLayout>
        <Stack spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress />
          <Typography color="text.secondary">{T.loading}</Typography>
        </Stack>
      </AuthLayout>
    );
  }

  if (loaded.state === 'failed') {
    // No answer is not a verdict on the link: offer to try again.
    const unchecked = isUnreachable(loaded.error);
    return (
      <AuthLayout>
        <AuthCard icon={<LinkOffOutlined />} title={unchecked ? T.uncheckedTitle : T.invalidTitle}>
          <Typography color="text.secondary" sx={{ mt: 2, mb: unchecked ? 2.5 : 0 }}>
            {unchecked ? T.uncheckedText : T.invalidText}
          </Typography>
          {unchecked && (
            <Button variant="contained" onClick={() => window.location.reload()}>
              {T.retry}
            </Button>
          )}
        </AuthCard>
      </AuthLayout>
    );
  }

  if (done) {
    const confirmed = done.action === 'confirmar';
    return (
      <AuthLayout>
        <AuthCard
          icon={confirmed ? <CheckCircleOutlined /> : <EventBusyOutlined />}
          title={confirmed ? T.confirmedTitle : T.cancelledTitle}
        >
          <Typography sx={{ mt: 2 }} role="status">
            {confirmed ? T.confirmedText : T.cancelledText}
          </Typography>
          <AppointmentFacts appointment={done.appointment} />
        </AuthCard>
      </AuthLayout>
    );
  }

  const appointment = loaded.value;
  const cancelling = appointment.accion === 'cancelar';
  return (
    <AuthLayout>
      <AuthCard icon={<EventOutlined />} title={T.title}>
        <Typography color="text.secondary" sx={{ mt: 1.5 }}>
          {T.greeting(appointment.paciente_nombre)}
        </Typography>
        <AppointmentFacts appointment={appointment} />
        {appointment.vigente ? (
          <Box component="form" noValidate onSubmit={(e) => void act(e, appointment)}>
            <Stack spacing={2}>
              {cancelling && <CancelReasonField label={T.reason} helperText={T.reasonHelp} value={reason} onChange={setReason} />}
              <SubmitButton
                busy={busy}
                label={cancelling ? T.cancel : T.confirm}
                busyLabel={cancelling ? T.cancelling : T.confirming}
                color={cancelling ? 'error' : 'primary'}
              />
            </Stack>
          </Box>
        ) : (
          <Alert severity="info" data-testid="not-valid-now">
            {appointment.motivo_no_vigente ?? T.notValidNow}
          </Alert>
        )}
      </AuthCard>
    </AuthLayout>
  );
}
