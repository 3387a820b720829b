import type { AssignQuestionnairePayload, QuestionnaireAssignment, QuestionnaireResult } from '@consulta/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useDataProvider } from 'react-admin';
import type { ConsultaDataProvider } from '../../app/providers/dataProvider';
import { retryDelay, shouldRetry } from '../../shell/retry';

const retries = { retry: shouldRetry, retryDelay };

export const questionnaireKeys = {
  all: ['cuestionarios'] as const,
  assignments: (patientId: string) => ['cuestionarios', 'asignaciones', patientId] as const,
  results: (patientId: string) => ['cuestionarios', 'resultados', patientId] as const,
};

/** GET /cuestionarios/asignaciones?paciente_id= */
export function useQuestionnaireAssignments(patientId: string) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<QuestionnaireAssignment[]>({
    queryKey: questionnaireKeys.assignments(patientId),
    queryFn: () => dataProvider.getQuestionnaireAssignments(patientId),
    ...retries,
  });
}

/** GET /cuestionarios/resultados/{pacienteId} */
export function useQuestionnaireResults(patientId: string) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<QuestionnaireResult[]>({
    queryKey: questionnaireKeys.results(patientId),
    queryFn: () => dataProvider.getQuestionnaireResults(patientId),
    ...retries,
  });
}

/** After a write: the patient's questionnaires, and the patients' list and record (their `alerta_seguridad`). */
function useRefresh(patientId: string) {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: questionnaireKeys.assignments(patientId) });
    void queryClient.invalidateQueries({ queryKey: questionnaireKeys.results(patientId) });
    void queryClient.invalidateQueries({ queryKey: ['pacientes'] });
  }, [queryClient, patientId]);
}

/** POST /cuestionarios/asignaciones */
export function useAssignQuestionnaire(patientId: string) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useMutation({
    mutationFn: (payload: AssignQuestionnairePayload) => dataProvider.assignQuestionnaire(payload),
    onSuccess: useRefresh(patientId),
  });
}

/** DELETE /cuestionarios/asignaciones/{id} */
export function useStopQuestionnaire(patientId: string) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useMutation({ mutationFn: (id: string) => dataProvider.stopQuestionnaire(id), onSuccess: useRefresh(patientId) });
}

/** POST /cuestionarios/resultados/{id}/revisar */
export function useReviewQuestionnaireResult(patientId: string) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useMutation({ mutationFn: (id: string) => dataProvider.reviewQuestionnaireResult(id), onSuccess: useRefresh(patientId) });
}
