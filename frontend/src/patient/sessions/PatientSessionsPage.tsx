import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { MSG } from '@consulta/shared';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SectionPage } from '../../shell/SectionPage';
import { MY_SESSIONS_TEXT as T } from '../../i18n/es/patient-area';
import { useMySessions } from '../patientQueries';
import { SessionCard } from './SessionCard';
import { SessionDetailDialog } from './SessionDetailDialog';
import { CardGrid } from '../../components/CardGrid';
import { LoadingSpinner } from '../../components/LoadStates';

/** The open session lives in the address (`?sesion={id}`): the dashboard links to it, back closes it. */
const OPEN_PARAM = 'sesion';

function Empty() {
  return (
    <Card sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <HistoryOutlined sx={{ fontSize: 44, color: 'primary.main', opacity: 0.6 }} />
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        {MSG.patientArea.noSessions}
      </Typography>
      <Typography color="text.secondary">{T.emptyHint}</Typography>
    </Card>
  );
}

/** /dashboard/paciente/sesiones: 'Sesiones Anteriores', each card opening its detail. */
export function PatientSessionsPage() {
  const sessions = useMySessions();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const openId = params.get(OPEN_PARAM);
  const open = (id: string) => setParams({ [OPEN_PARAM]: id }, { state: { openedHere: true } });
  // Opened from this list: closing is going back; opened by a link: the address drops the session.
  const close = () => ((location.state as { openedHere?: boolean } | null)?.openedHere ? navigate(-1) : setParams({}, { replace: true }));

  return (
    <SectionPage title={T.title}>
      <Typography color="text.secondary" sx={{ mt: -1.5, mb: 2.5 }}>
        {T.intro}
      </Typography>
      {sessions.isPending ? (
        <LoadingSpinner label={T.loading} />
      ) : sessions.isError ? (
        <Alert severity="error" variant="outlined">
          {MSG.sessions.loadSessionsFailed}
        </Alert>
      ) : sessions.data.length === 0 ? (
        <Empty />
      ) : (
        <CardGrid label={T.title} columns={{ md: 2 }} gap={{ xs: 1.5, sm: 2 }}>
          {sessions.data.map((s) => (
            <SessionCard key={s.id} session={s} onOpen={open} />
          ))}
        </CardGrid>
      )}
      <SessionDetailDialog id={openId} summary={sessions.data?.find((s) => s.id === openId)} onClose={close} />
    </SectionPage>
  );
}
