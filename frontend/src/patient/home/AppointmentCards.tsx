import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PatientDashboard } from '@consulta/shared';
import type { ElementType, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDuration } from '../../components/sessions/sessionFormat';
import { DASHBOARD_TEXT, MY_SESSIONS_TEXT } from '../../i18n/es/patient-area';
import { LOCALE, parseDate } from '../../i18n/format';
import { PATIENT_PATHS } from '../paths';
import { sessionLink } from './RecentSessions';
import { IconBadge } from '../../components/IconBadge';

/** 'martes, 2 de diciembre de 2026' and '10:00' */
function dayAndTime(iso: string): { day: string; time: string } {
  const date = parseDate(iso)!;
  return {
    day: date.toLocaleDateString(LOCALE, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
    time: date.toLocaleTimeString(LOCALE, { hour: '2-digit', minute: '2-digit' }),
  };
}

function DateCard({
  icon: Icon,
  title,
  iso,
  detail,
  highlight,
  testId,
}: {
  icon: ElementType;
  title: string;
  iso: string;
  detail?: ReactNode;
  highlight?: boolean;
  testId: string;
}) {
  const { day, time } = dayAndTime(iso);
  return (
    <Stack direction="row" spacing={1.75} sx={{ p: { xs: 2, sm: 2.5 }, alignItems: 'flex-start' }} data-testid={testId}>
      <IconBadge highlight={highlight}>
        <Icon />
      </IconBadge>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" component="h2" color="text.secondary" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography sx={{ fontWeight: 700, '&::first-letter': { textTransform: 'uppercase' } }}>{day}</Typography>
        <Typography variant="body2" color="text.secondary">
          {time}
          {detail}
        </Typography>
      </Box>
    </Stack>
  );
}

/** The next appointment and the last session, each only when there is one. */
export function AppointmentCards({ dashboard }: { dashboard: PatientDashboard }) {
  const last = dashboard.sesiones_recientes[0];
  return (
    <Stack spacing={2}>
      {dashboard.proxima_cita && (
        <Card sx={{ borderColor: 'primary.main', borderWidth: 1, borderStyle: 'solid' }}>
          {/* The appointment itself (confirm, cancel, where) is in 'Mis citas'. */}
          <CardActionArea component={RouterLink} to={PATIENT_PATHS.appointments}>
            <DateCard
              icon={EventAvailableOutlined}
              title={DASHBOARD_TEXT.nextAppointment}
              iso={dashboard.proxima_cita}
              highlight
              testId="next-appointment"
            />
          </CardActionArea>
        </Card>
      )}
      {dashboard.ultima_sesion && (
        <Card>
          {last ? (
            <CardActionArea component={RouterLink} to={sessionLink(last.id)}>
              <DateCard
                icon={HistoryOutlined}
                title={DASHBOARD_TEXT.lastSession}
                iso={dashboard.ultima_sesion}
                detail={` · ${MY_SESSIONS_TEXT.session(last.numero_sesion)} · ${formatDuration(last.duracion_minutos)}`}
                testId="last-session"
              />
            </CardActionArea>
          ) : (
            <DateCard icon={HistoryOutlined} title={DASHBOARD_TEXT.lastSession} iso={dashboard.ultima_sesion} testId="last-session" />
          )}
        </Card>
      )}
    </Stack>
  );
}
