import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { blankToNull, formatAppointmentTime, type PatientAppointment } from '@consulta/shared';
import { useState } from 'react';
import { reportError } from '../../app/core/reportError';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CancelReasonField } from '../../components/agenda/CancelReasonField';
import { Loading } from '../../components/LoadStates';
import { toastSuccess } from '../../components/toast/toastStore';
import { TEXT } from '../../i18n/es/app';
import { MY_APPOINTMENTS_TEXT as T } from '../../i18n/es/agenda';
import { SectionPage } from '../../shell/SectionPage';
import { MyAppointmentCard } from './MyAppointmentCard';
import { useCancelMyAppointment, useConfirmMyAppointment, useMyAppointments } from './myAppointmentQueries';

function Section({ title, empty, children, count }: { title: string; empty: string; children: React.ReactNode; count: number }) {
  const id = `my-appointments-${title === T.upcoming ? 'upcoming' : 'past'}`;
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      {count === 0 ? (
        <Card sx={{ p: { xs: 2.5, sm: 3 }, display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <EventAvailableOutlined color="primary" aria-hidden />
          <Typography color="text.secondary">{empty}</Typography>
        </Card>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
          {children}
        </Stack>
      )}
    </Box>
  );
}

/**
 * 'Mis citas': the patient's upcoming appointments and those of the last 30 days, in their therapist's zone.
 * 'Confirmar' and 'Cancelar' (with an optional reason, asked first) while the server allows them; never the
 * therapist's notes (the answer does not carry them).
 */
export function MyAppointmentsPage() {
  const list = useMyAppointments();
  const confirm = useConfirmMyAppointment();
  const cancel = useCancelMyAppointment();
  const [toCancel, setToCancel] = useState<PatientAppointment | null>(null);
  const [reason, setReason] = useState('');

  async function confirmOne(appointment: PatientAppointment) {
    try {
      await confirm.mutateAsync(appointment.id);
      toastSuccess(T.confirmed);
    } catch (error) {
      reportError(error, T.confirmFailed);
      void list.refetch();
    }
  }

  async function cancelOne() {
    if (!toCancel) return;
    try {
      await cancel.mutateAsync({ id: toCancel.id, motivo: blankToNull(reason) });
      toastSuccess(T.cancelled);
      setToCancel(null);
    } catch (error) {
      reportError(error, T.cancelFailed);
      // Too late by now, or changed by the therapist: the list says what is still possible.
      setToCancel(null);
      void list.refetch();
    }
  }

  const data = list.data;
  const zone = data?.zona_horaria ?? 'UTC';
  const card = (a: PatientAppointment) => (
    <MyAppointmentCard
      key={a.id}
      appointment={a}
      zone={zone}
      cancelHours={data?.horas_cancelacion ?? 0}
      now={list.dataUpdatedAt}
      confirming={confirm.isPending && confirm.variables === a.id}
      onConfirm={(appointment) => void confirmOne(appointment)}
      onCancel={(appointment) => {
        setReason('');
        setToCancel(appointment);
      }}
    />
  );

  return (
    <SectionPage title={T.title}>
      <Typography color="text.secondary" sx={{ mt: -1.5, mb: 2.5 }}>
        {T.intro} {data && T.zoneNote(data.zona_horaria)}
      </Typography>
      {list.isPending ? (
        <Loading text={T.loading} />
      ) : list.isError ? (
        <Alert
          severity="error"
          variant="outlined"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {TEXT.common.retry}
            </Button>
          }
        >
          {T.loadFailed}
        </Alert>
      ) : (
        <Stack spacing={3.5}>
          <Section title={T.upcoming} empty={T.noUpcoming} count={list.data.proximas.length}>
            {list.data.proximas.map(card)}
          </Section>
          <Section title={T.past} empty={T.noPast} count={list.data.pasadas.length}>
            {list.data.pasadas.map(card)}
          </Section>
        </Stack>
      )}
      <ConfirmDialog
        id="cancel-my-appointment"
        open={toCancel !== null}
        title={T.cancelTitle}
        action={{ label: T.cancelConfirm, busyLabel: T.cancelling, color: 'error' }}
        cancelLabel={T.back}
        busy={cancel.isPending}
        onCancel={() => setToCancel(null)}
        onConfirm={() => void cancelOne()}
      >
        {toCancel && (
          <Stack spacing={2}>
            <DialogContentText>{T.cancelText(formatAppointmentTime(toCancel.inicio, zone))}</DialogContentText>
            <CancelReasonField label={T.reason} value={reason} onChange={setReason} />
          </Stack>
        )}
      </ConfirmDialog>
    </SectionPage>
  );
}
