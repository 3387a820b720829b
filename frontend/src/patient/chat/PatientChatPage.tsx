import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AI_CHAT_TEXT } from '@consulta/shared';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../../app/auth/AuthContext';
import { useAiConfigured } from '../../app/core/publicConfig';
import { reportError } from '../../app/core/reportError';
import { AiDataLink } from '../../components/ai-data/AiDataLink';
import { ChatPanel } from '../../components/chat/ChatPanel';
import { DataCard } from '../../components/chat/DataCard';
import { SectionPage } from '../../shell/SectionPage';
import { AI_CHAT_SCREEN_TEXT } from '../../i18n/es/ai-chat';
import { CONSENT_TEXT } from '../../i18n/es/consents';
import { PATIENT_PATHS } from '../paths';
import { useMyAiContext, useMyAssistant, useMyConsents } from '../patientQueries';

const T = AI_CHAT_SCREEN_TEXT.patient;

/** The data card: the patient's sessions, those with a transcript and those with an analysis shared with them. */
function YourData() {
  const { data, isError } = useMyAiContext();
  if (isError) {
    return (
      <Alert severity="warning" data-testid="sessions-load-failed">
        {AI_CHAT_TEXT.sessionsLoadFailed}
      </Alert>
    );
  }
  const stats = data?.statistics;
  return (
    <DataCard
      title={T.dataCard}
      columns={{ xs: 3, md: 3 }}
      figures={[
        { label: T.stats.sessions, value: stats?.total_sessions },
        { label: T.stats.transcripts, value: stats?.sessions_with_transcript },
        { label: T.stats.analyses, value: stats?.sessions_with_analysis },
      ]}
    />
  );
}

/**
 * Why the assistant cannot be used: the AI consent is not in force. The patient cannot give it here (their therapist
 * records it after explaining it); 'Mi Perfil' shows their consents.
 */
function MissingAiConsent() {
  return (
    <Alert
      severity="warning"
      data-testid="missing-consent-ia"
      action={
        <Button component={RouterLink} to={PATIENT_PATHS.profile} color="inherit" size="small">
          {CONSENT_TEXT.chatSeeConsents}
        </Button>
      }
      sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' }, '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' }, pl: { xs: 0, sm: 2 } } }}
    >
      <AlertTitle>{CONSENT_TEXT.chatNoConsentTitle}</AlertTitle>
      {CONSENT_TEXT.chatNoConsent}
    </Alert>
  );
}

/** An assistant that knows only the patient's own data; without the AI consent, the input says why it is closed. */
export function PatientChatPage() {
  const { user } = useAuth();
  const configured = useAiConfigured();
  // Unknown (loading, or not read) leaves the input open: the server still refuses, saying why.
  const noAiConsent = useMyConsents().data?.vigentes.ia === false;
  const send = useMyAssistant();
  const firstName = (user?.name ?? '').split(/\s+/)[0];
  return (
    <SectionPage title={T.title}>
      <Stack spacing={2.5}>
        <Box>
          <Typography color="text.secondary">{T.intro}</Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
            {configured && !noAiConsent && <Chip icon={<CheckCircleOutlined />} label={T.active} color="success" variant="outlined" />}
            <Chip icon={<LockOutlined />} label={T.ownDataOnly} color="primary" variant="outlined" />
          </Stack>
        </Box>
        {noAiConsent && <MissingAiConsent />}
        <YourData />
        <Box component="section" aria-labelledby="patient-ai-chat-title">
          <Typography id="patient-ai-chat-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
            {T.chatTitle}
          </Typography>
          <ChatPanel
            greeting={T.welcome(firstName)}
            send={send}
            onError={(error) => reportError(error, AI_CHAT_TEXT.failedToast)}
            unavailable={!configured ? AI_CHAT_SCREEN_TEXT.widget.notConfigured : noAiConsent ? CONSENT_TEXT.chatNoConsentInput : null}
          />
        </Box>
        <Alert severity="info" icon={<LockOutlined />} data-testid="privacy-notice">
          <AlertTitle>{T.privacyTitle}</AlertTitle>
          {T.privacy}
          <Box sx={{ mt: 1 }}>
            <AiDataLink to={PATIENT_PATHS.aiData} />
          </Box>
        </Alert>
      </Stack>
    </SectionPage>
  );
}
