import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatAppointmentTime, type Appointment } from '@consulta/shared';
import { useMemo, useState } from 'react';
import { LoadFailed, Loading } from '../../components/LoadStates';
import { TabHeader } from '../../components/TabHeader';
import { AGENDA_TEXT } from '../../i18n/es/agenda';
import type { PatientTabProps } from '../patients/detail/tabTypes';
import { useAgendaZone, useAppointments } from './agendaQueries';
import { AppointmentListItem } from './AppointmentListItem';
import { useAppointmentDialog } from './useAppointmentDialog';
import { addDays, todayIn } from './zonedTime';

const T = AGENDA_TEXT.tab;

/** How far the tab looks: the next 92 days (GET /citas answers at most that), and the last 60. */
const AHEAD_DAYS = 91;
const BACK_DAYS = 60;

function AppointmentSection({
  title,
  empty,
  appointments,
  zone,
  onOpen,
}: {
  title: string;
  empty: string;
  appointments: Appointment[];
  zone: string;
  onOpen: (appointment: Appointment) => void;
}) {
  const id = `patient-appointments-${title === T.upcoming ? 'upcoming' : 'recent'}`;
  return (
    <Card component="section" aria-labelledby={id}>
      <Typography id={id} variant="subtitle1" component="h3" sx={{ fontWeight: 700, px: 2, pt: 1.5, pb: 0.5 }}>
        {title}
      </Typography>
      {appointments.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {empty}
        </Typography>
      ) : (
        <Box component="ul" aria-labelledby={id} sx={{ m: 0, p: 0.5 }}>
          {appointments.map((a) => (
            <AppointmentListItem key={a.id} appointment={a} when={formatAppointmentTime(a.inicio, zone)} onOpen={onOpen} />
          ))}
        </Box>
      )}
    </Card>
  );
}

/** 'Citas' of the patient detail: the patient's upcoming and recent appointments, 'Nueva cita' for them, the agenda's dialog. */
export function PatientAppointmentsTab({ patient }: PatientTabProps) {
  const { zone, ready } = useAgendaZone();
  const today = todayIn(zone);
  const ahead = useAppointments(ready ? { desde: today, hasta: addDays(today, AHEAD_DAYS), paciente_id: patient.id } : null);
  const back = useAppointments(ready ? { desde: addDays(today, -BACK_DAYS), hasta: addDays(today, -1), paciente_id: patient.id } : null);
  const dialog = useAppointmentDialog(zone);
  // What is upcoming is measured from when the tab opened.
  const [now] = useState(() => Date.now());

  const { upcoming, recent } = useMemo(() => {
    const all = [...(back.data ?? []), ...(ahead.data ?? [])];
    return {
      upcoming: all.filter((a) => new Date(a.fin).getTime() > now).sort((a, b) => a.inicio.localeCompare(b.inicio)),
      recent: all.filter((a) => new Date(a.fin).getTime() <= now).sort((a, b) => b.inicio.localeCompare(a.inicio)),
    };
  }, [ahead.data, back.data, now]);

  const failed = ahead.isError || back.isError;
  return (
    <Box>
      <TabHeader title={T.title} summary={T.summary}>
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          onClick={() => dialog.openCreate({ patientId: patient.id })}
          disabled={!ready}
        >
          {AGENDA_TEXT.newAppointment}
        </Button>
      </TabHeader>
      {failed ? (
        <LoadFailed
          text={AGENDA_TEXT.loadFailed}
          onRetry={() => {
            void ahead.refetch();
            void back.refetch();
          }}
        />
      ) : !ready || ahead.isPending || back.isPending ? (
        <Loading text={AGENDA_TEXT.loading} />
      ) : (
        <Stack spacing={2.5}>
          <AppointmentSection title={T.upcoming} empty={T.noUpcoming} appointments={upcoming} zone={zone} onOpen={dialog.openEdit} />
          <AppointmentSection title={T.recent} empty={T.noRecent} appointments={recent} zone={zone} onOpen={dialog.openEdit} />
        </Stack>
      )}
      {dialog.element}
    </Box>
  );
}
