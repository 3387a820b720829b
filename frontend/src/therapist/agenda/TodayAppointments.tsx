import EventOutlined from '@mui/icons-material/EventOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatAppointmentHour } from '@consulta/shared';
import { Link as RouterLink } from 'react-router';
import { AGENDA_TEXT } from '../../i18n/es/agenda';
import { fullName } from '../patients/patientFormat';
import { AGENDA_URL } from './agendaLinks';
import { useAgendaZone, useAppointments } from './agendaQueries';
import { AppointmentListItem } from './AppointmentListItem';
import { useAppointmentDialog } from './useAppointmentDialog';
import { todayIn } from './zonedTime';

const T = AGENDA_TEXT.today;

/** 'Citas de hoy' at the top of 'Mis pacientes': today's appointments in the therapist's zone, each opening its dialog. */
export function TodayAppointments() {
  const { zone, ready } = useAgendaZone();
  const today = todayIn(zone);
  const appointments = useAppointments(ready ? { desde: today, hasta: today } : null);
  const dialog = useAppointmentDialog(zone);
  // Nothing while loading or when it failed: the patients are the page's work, the agenda has its own page.
  if (!appointments.data || appointments.isPlaceholderData) return null;
  const list = [...appointments.data].sort((a, b) => a.inicio.localeCompare(b.inicio));
  return (
    <Card component="section" aria-labelledby="today-appointments-title" sx={{ mb: 2.5 }} data-testid="today-appointments">
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', px: { xs: 1.5, sm: 2 }, pt: 1.5, pb: list.length ? 0.5 : 1.5 }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <EventOutlined color="primary" fontSize="small" aria-hidden />
          <Typography id="today-appointments-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {T.title}
          </Typography>
          {list.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              · {T.empty}
            </Typography>
          )}
        </Stack>
        <Link component={RouterLink} to={AGENDA_URL} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
          {T.openAgenda}
        </Link>
      </Stack>
      {list.length > 0 && (
        <Box component="ul" aria-label={T.listLabel} sx={{ m: 0, p: 0.5 }}>
          {list.map((a) => (
            <AppointmentListItem
              key={a.id}
              appointment={a}
              when={T.time(formatAppointmentHour(a.inicio, zone), formatAppointmentHour(a.fin, zone))}
              title={fullName(a.paciente)}
              onOpen={dialog.openEdit}
            />
          ))}
        </Box>
      )}
      {dialog.element}
    </Card>
  );
}
