import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PatientRecentSession } from '@consulta/shared';
import { Link as RouterLink } from 'react-router';
import { formatDuration } from '../../components/sessions/sessionFormat';
import { DASHBOARD_TEXT, MY_SESSIONS_TEXT } from '../../i18n/es/patient-area';
import { formatDateEs } from '../../i18n/format';
import { PATIENT_PATHS } from '../paths';
import { SessionNumberBadge } from '../sessions/SessionNumberBadge';

const T = DASHBOARD_TEXT.recent;

/** Where a session opens: 'Sesiones Anteriores' with its detail dialog. */
export const sessionLink = (id: string) => `${PATIENT_PATHS.sessions}?sesion=${encodeURIComponent(id)}`;

/** The latest sessions (number, date, duration), each opening its detail. */
export function RecentSessions({ sessions }: { sessions: PatientRecentSession[] }) {
  return (
    <Card sx={{ height: '100%' }} component="section" aria-labelledby="recent-sessions-title">
      <CardContent sx={{ p: { xs: 2.25, sm: 3 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography id="recent-sessions-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {T.title}
          </Typography>
          {sessions.length > 0 && (
            <Button component={RouterLink} to={PATIENT_PATHS.sessions} size="small" endIcon={<ChevronRight />}>
              {T.seeAll}
            </Button>
          )}
        </Stack>
        {sessions.length === 0 ? (
          <Typography color="text.secondary">{T.empty}</Typography>
        ) : (
          <List disablePadding data-testid="recent-sessions">
            {sessions.map((s) => (
              <ListItem key={s.id} disablePadding>
                <ListItemButton component={RouterLink} to={sessionLink(s.id)} sx={{ borderRadius: 2, px: 1.25, py: 1, gap: 1.5 }}>
                  <SessionNumberBadge numero={s.numero_sesion} />
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600 }}>{MY_SESSIONS_TEXT.session(s.numero_sesion)}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {formatDateEs(s.fecha)} · {formatDuration(s.duracion_minutos)}
                    </Typography>
                  </Box>
                  <ChevronRight sx={{ color: 'text.secondary' }} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
