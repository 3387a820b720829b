import type { PatientQuestionnairesResponse, Questionnaire } from '@consulta/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ConsultaDataProvider } from '../../app/providers/dataProvider';
import { PATIENT_QUERY_OPTIONS } from '../patientQueries';

export const myQuestionnaireKeys = {
  list: ['paciente', 'cuestionarios'] as const,
  catalogue: ['cuestionarios', 'catalogo'] as const,
};

/** GET /pacientes/perfil/cuestionarios (read again whenever it is shown: a scale falls due while the app is open). */
export function useMyQuestionnaires() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<PatientQuestionnairesResponse>({
    queryKey: myQuestionnaireKeys.list,
    queryFn: () => dataProvider.myQuestionnaires(),
    ...PATIENT_QUERY_OPTIONS,
    staleTime: 0,
  });
}

/** GET /cuestionarios: the scales do not change while the app runs. */
export function useQuestionnaireCatalogue() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<Questionnaire[]>({
    queryKey: myQuestionnaireKeys.catalogue,
    queryFn: () => dataProvider.questionnaireCatalogue(),
    ...PATIENT_QUERY_OPTIONS,
    staleTime: Infinity,
  });
}

/** POST /pacientes/perfil/cuestionarios/{asignacionId}/respuestas; the list is read again after. */
export function useAnswerQuestionnaire() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ assignmentId, respuestas }: { assignmentId: string; respuestas: number[] }) =>
      dataProvider.answerQuestionnaire(assignmentId, respuestas),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: myQuestionnaireKeys.list }),
  });
}
