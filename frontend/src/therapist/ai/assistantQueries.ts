import { AI_CHAT_TEXT, type AiContextSummary } from '@consulta/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useDataProvider } from 'react-admin';
import { reportError } from '../../app/core/reportError';
import type { ConsultaDataProvider } from '../../app/providers/dataProvider';
import type { ChatSend } from '../../components/chat/chatLogic';
import { retryDelay, shouldRetry } from '../../shell/retry';

export const assistantKeys = {
  context: ['ai-agent', 'context'] as const,
};

/** GET /ai-agent/context: the counts of the 'Datos Disponibles para la IA' card. */
export function useAiContext() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<AiContextSummary>({
    queryKey: assistantKeys.context,
    queryFn: () => dataProvider.getAiContext(),
    retry: shouldRetry,
    retryDelay,
  });
}

/** The therapist's assistant, over the whole practice or, with `patientId`, that one patient. */
export function useTherapistAssistant(patientId?: string): ChatSend {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useCallback(
    (message, history, onToken, signal) =>
      dataProvider.askAssistant({ message, history, ...(patientId ? { patient_id: patientId } : {}) }, { onToken, signal }),
    [dataProvider, patientId],
  );
}

/** The therapist's failure toast (the bubble is the chat's own). */
export const reportChatFailure = (error: unknown) => reportError(error, AI_CHAT_TEXT.failedToast);
