import Box from '@mui/material/Box';
import { useAiConfigured } from '../../app/core/publicConfig';
import { ChatPanel } from '../../components/chat/ChatPanel';
import { AI_CHAT_SCREEN_TEXT } from '../../i18n/es/ai-chat';
import { TabHeader } from '../patient-exercises/TabHeader';
import type { PatientTabProps } from '../patients/detail/tabs';
import { reportChatFailure, useTherapistAssistant } from './assistantQueries';

const T = AI_CHAT_SCREEN_TEXT.patientTab;

/** Spec 2 §2 patient detail, ai-chat: the assistant scoped to this one patient. */
export function PatientAiChatTab({ patient }: PatientTabProps) {
  const send = useTherapistAssistant(patient.id);
  const configured = useAiConfigured();
  const name = `${patient.nombre} ${patient.apellido}`;
  return (
    <Box data-testid="patient-ai-chat-tab" sx={{ minWidth: 0 }}>
      <TabHeader title={T.title(name)} summary={T.summary(patient.nombre)} />
      {/* A new conversation per patient: nothing said about one patient is sent along about another. */}
      <ChatPanel
        key={patient.id}
        greeting={T.greeting(patient.nombre)}
        send={send}
        onError={reportChatFailure}
        unavailable={configured ? null : AI_CHAT_SCREEN_TEXT.widget.notConfigured}
      />
    </Box>
  );
}
