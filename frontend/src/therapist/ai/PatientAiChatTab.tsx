import Box from '@mui/material/Box';
import { useAiConfigured } from '../../app/core/publicConfig';
import { ChatPanel } from '../../components/chat/ChatPanel';
import { AI_CHAT_SCREEN_TEXT } from '../../i18n/es/ai-chat';
import { CONSENT_TEXT } from '../../i18n/es/consents';
import { useConsentGiven } from '../consents/consentQueries';
import { MissingConsent } from '../consents/MissingConsent';
import { TabHeader } from '../../components/TabHeader';
import type { PatientTabProps } from '../patients/detail/tabTypes';
import { AiDataLink } from '../../components/ai-data/AiDataLink';
import { AI_DATA_URL } from './aiDataLinks';
import { reportChatFailure, useTherapistAssistant } from './assistantQueries';

const T = AI_CHAT_SCREEN_TEXT.patientTab;

/** The assistant scoped to this one patient. */
export function PatientAiChatTab({ patient }: PatientTabProps) {
  const send = useTherapistAssistant(patient.id);
  const configured = useAiConfigured();
  const aiAllowed = useConsentGiven(patient.id, 'ia');
  const name = `${patient.nombre} ${patient.apellido}`;
  return (
    <Box data-testid="patient-ai-chat-tab" sx={{ minWidth: 0 }}>
      <TabHeader title={T.title(name)} summary={T.summary(patient.nombre)} />
      <Box sx={{ mb: 1.5 }}>
        <AiDataLink to={AI_DATA_URL} />
      </Box>
      {configured && aiAllowed === false && (
        <Box sx={{ mb: 2 }}>
          <MissingConsent patientId={patient.id} kind="ia" />
        </Box>
      )}
      {/* A new conversation per patient: nothing said about one patient is sent along about another. */}
      <ChatPanel
        key={patient.id}
        greeting={T.greeting(patient.nombre)}
        send={send}
        onError={reportChatFailure}
        unavailable={!configured ? AI_CHAT_SCREEN_TEXT.widget.notConfigured : aiAllowed === false ? CONSENT_TEXT.missingAi : null}
      />
    </Box>
  );
}
