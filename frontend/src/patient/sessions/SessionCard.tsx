import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import NotesOutlined from '@mui/icons-material/NotesOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PatientViewSessionSummary } from '@consulta/shared';
import { SessionTypeBadges } from '../../components/sessions/SessionTypeBadges';
import { formatDuration } from '../../components/sessions/sessionFormat';
import { MY_SESSIONS_TEXT } from '../../i18n/es/patient-area';
import { LOCALE, parseDate } from '../../i18n/format';
import { SessionNumberBadge } from './SessionNumberBadge';

const T = MY_SESSIONS_TEXT;

/** One past session: number, date, time, duration, type, and the Video / Transcripción / Análisis IA badges. */
export function SessionCard({ session, onOpen }: { session: PatientViewSessionSummary; onOpen: (id: string) => void }) {
  const date = parseDate(session.fecha)!;
  const badges = [
    session.tiene_video && { label: T.badges.video, icon: <VideocamOutlined />, id: 'video' },
    session.tiene_transcripcion && { label: T.badges.transcript, icon: <NotesOutlined />, id: 'transcript' },
    session.tiene_analisis_ia_paciente && { label: T.badges.analysis, icon: <AutoAwesomeOutlined />, id: 'analysis' },
  ].filter((b) => b !== false);
  return (
    <Card component="li" sx={{ listStyle: 'none' }} data-testid="my-session-card">
      <CardActionArea onClick={() => onOpen(session.id)} sx={{ p: { xs: 2, sm: 2.5 }, height: '100%' }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <SessionNumberBadge numero={session.numero_sesion} large />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography component="span" sx={{ display: 'block', fontWeight: 700, fontSize: '1.05rem' }} data-testid="my-session-title">
              {T.session(session.numero_sesion)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ '&::first-letter': { textTransform: 'uppercase' } }}>
              {date.toLocaleDateString(LOCALE, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {date.toLocaleTimeString(LOCALE, { hour: '2-digit', minute: '2-digit' })} · {formatDuration(session.duracion_minutos)}
            </Typography>
            <Box sx={{ mt: 1.25 }}>
              <SessionTypeBadges session={session} />
            </Box>
            {badges.length > 0 && (
              <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }} data-testid="my-session-badges">
                {badges.map((b) => (
                  <Chip key={b.id} size="small" icon={b.icon} label={b.label} variant="filled" sx={{ bgcolor: 'rgba(47,111,115,0.08)' }} />
                ))}
              </Stack>
            )}
          </Box>
        </Stack>
      </CardActionArea>
    </Card>
  );
}
