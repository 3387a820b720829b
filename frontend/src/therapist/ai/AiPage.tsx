import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAuth } from '../../app/auth/AuthContext';
import { useAiConfigured } from '../../app/core/publicConfig';
import { ChatPanel } from '../../components/chat/ChatPanel';
import { DataCard } from '../../components/chat/DataCard';
import { SectionPage } from '../../shell/SectionPage';
import { AI_CHAT_SCREEN_TEXT } from '../../i18n/es/ai-chat';
import { AiDataLink } from '../../components/ai-data/AiDataLink';
import { AI_DATA_URL } from './aiDataLinks';
import { reportChatFailure, useAiContext, useTherapistAssistant } from './assistantQueries';

const T = AI_CHAT_SCREEN_TEXT.therapist;

/** 'Datos Disponibles para la IA': what the practice-wide assistant knows about, counted. */
function AvailableData() {
  const { data, isError } = useAiContext();
  if (isError) return <Alert severity="warning">{T.statsFailed}</Alert>;
  const stats = data?.statistics;
  return (
    <DataCard
      title={T.dataCard}
      icon={<AutoAwesomeOutlined color="primary" fontSize="small" />}
      hint={T.dataHint}
      columns={{ xs: 2, md: 4 }}
      figures={[
        { label: T.stats.patients, value: stats?.total_patients },
        { label: T.stats.sessions, value: stats?.total_sessions },
        { label: T.stats.exercises, value: stats?.exercises_created },
        { label: T.stats.modules, value: stats?.modules_created },
      ]}
    />
  );
}

/** The available data and the practice-wide assistant. */
export function AiPage() {
  const { user } = useAuth();
  const send = useTherapistAssistant();
  const configured = useAiConfigured();
  return (
    <SectionPage title={T.title}>
      <Stack spacing={2.5}>
        <AvailableData />
        <AiDataLink to={AI_DATA_URL} />
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
