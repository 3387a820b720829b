import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { MSG, type PatientDashboard } from '@consulta/shared';
import { useEffect } from 'react';
import { useAuth } from '../../app/auth/AuthContext';
import { DASHBOARD_TEXT as T } from '../../i18n/es/patient-area';
import { longDateEs } from '../../i18n/format';
import { useMyDashboard } from '../patientQueries';
import { AppointmentCards } from './AppointmentCards';
import { DashboardStats } from './DashboardStats';
import { DueQuestionnaires } from './DueQuestionnaires';
import { firstNameOf } from './dashboardFormat';
import { RecentSessions } from './RecentSessions';
import { Shortcuts } from './Shortcuts';

function Loading() {
  return (
    <Box
      role="status"
      aria-label={T.loading}
      sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, gap: 2 }}
    >
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} variant="rounded" height={112} />
      ))}
    </Box>
  );
}

const hasDates = (d: PatientDashboard) => Boolean(d.proxima_cita || d.ultima_sesion);

/** /dashboard/paciente: greeting, four counters, recent sessions, next appointment, last session, shortcuts. */
export function PatientHome() {
  const { user } = useAuth();
  const dashboard = useMyDashboard();
  const name = dashboard.data?.nombre || firstNameOf(user?.name) || user?.name || '';
  useEffect(() => {
    document.title = `${T.documentTitle} · Consulta`;
  }, []);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 2, sm: 3 } }}>
      <Card sx={{ color: '#fff', border: 0, background: 'linear-gradient(135deg, #1f5256 0%, #2f6f73 60%, #4d8c88 100%)' }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography
            variant="h4"
            component="h1"
            sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2.1rem' } }}
            data-testid="patient-greeting"
          >
            {T.greeting(name)}
          </Typography>
          <Typography sx={{ opacity: 0.85, mt: 0.5, '&::first-letter': { textTransform: 'uppercase' } }}>
            {longDateEs(new Date())}
          </Typography>
          <Typography sx={{ opacity: 0.92, mt: 2, maxWidth: 620, display: { xs: 'none', sm: 'block' } }}>{T.intro}</Typography>
        </CardContent>
      </Card>

      <DueQuestionnaires />
      {dashboard.isPending ? (
        <Loading />
      ) : dashboard.isError ? (
        <Alert
          severity="error"
          variant="outlined"
          // 'Reintentar' reloads the page.
          action={
            <Button color="inherit" size="small" onClick={() => window.location.reload()}>
              {MSG.patientArea.retry}
            </Button>
          }
        >
          {MSG.patientArea.dashboardLoadFailed}
        </Alert>
      ) : (
        <>
          <DashboardStats dashboard={dashboard.data} />
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', md: hasDates(dashboard.data) ? 'minmax(0, 7fr) minmax(0, 5fr)' : '1fr' },
              gap: { xs: 2, sm: 2.5 },
              alignItems: 'start',
            }}
          >
            <RecentSessions sessions={dashboard.data.sesiones_recientes} />
            {hasDates(dashboard.data) && (
              // On a phone the next appointment comes first.
              <Box sx={{ order: { xs: -1, md: 0 } }}>
                <AppointmentCards dashboard={dashboard.data} />
              </Box>
            )}
          </Box>
        </>
      )}
      <Shortcuts />
    </Box>
  );
}
