import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAuth } from '../../app/auth/AuthContext';
import { useAiConfigured } from '../../app/core/publicConfig';
import { ChatPanel } from '../../components/chat/ChatPanel';
import { SectionPage } from '../../components/shell/SectionPage';
import { AI_CHAT_SCREEN_TEXT } from '../../i18n/es/ai-chat';
import { reportChatFailure, useAiContext, useTherapistAssistant } from './assistantQueries';

const T = AI_CHAT_SCREEN_TEXT.therapist;

/** 'Datos Disponibles para la IA': what the practice-wide assistant knows about, counted. */
function AvailableData() {
  const { data, isPending, isError } = useAiContext();
  const stats = data?.statistics;
  const tiles = [
    { label: T.stats.patients, value: stats?.total_patients },
    { label: T.stats.sessions, value: stats?.total_sessions },
    { label: T.stats.exercises, value: stats?.exercises_created },
    { label: T.stats.modules, value: stats?.modules_created },
  ];
  return (
    <Card component="section" aria-labelledby="ai-data-title">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
          <AutoAwesomeOutlined color="primary" fontSize="small" />
          <Typography id="ai-data-title" variant="h6" component="h2">
            {T.dataCard}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {T.dataHint}
        </Typography>
        {isError ? (
          <Alert severity="warning">{T.statsFailed}</Alert>
        ) : (
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, gap: 1.5 }}>
            {tiles.map((tile) => (
              <Box key={tile.label} sx={{ p: 1.5, borderRadius: 2, bgcolor: 'rgba(47,111,115,0.07)', display: 'flex', flexDirection: 'column-reverse' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {tile.label}
                </Typography>
                <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 700, color: 'primary.dark' }}>
                  {isPending ? <Skeleton width={40} /> : tile.value}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** Spec 2 §2 'Consultar IA': the available data and the practice-wide assistant. */
export function AiPage() {
  const { user } = useAuth();
  const send = useTherapistAssistant();
  const configured = useAiConfigured();
  return (
    <SectionPage title={T.title}>
      <Stack spacing={2.5}>
        <AvailableData />
        <Box component="section" aria-labelledby="ai-chat-title">
          <Typography id="ai-chat-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
            {T.chatTitle}
          </Typography>
          <ChatPanel
            greeting={T.greeting(user?.name ?? '')}
            send={send}
            onError={reportChatFailure}
            unavailable={configured ? null : AI_CHAT_SCREEN_TEXT.widget.notConfigured}
          />
        </Box>
      </Stack>
    </SectionPage>
  );
}
