import type { PatientQuestionnairesResponse, Questionnaire, QuestionnaireAnswerResponse } from '@consulta/shared';
import { segment, type HttpClient } from '../../app/core/http';

/** The patient's questionnaires: what is due, their own scores, answering. */
export const myQuestionnaireCalls = (http: HttpClient) => ({
  /** GET /cuestionarios: the scales' items and options. */
  questionnaireCatalogue: () => http.get<Questionnaire[]>('/cuestionarios'),
  /** GET /pacientes/perfil/cuestionarios */
  myQuestionnaires: () => http.get<PatientQuestionnairesResponse>('/pacientes/perfil/cuestionarios'),
  /** POST /pacientes/perfil/cuestionarios/{asignacionId}/respuestas: 409 when not due, 400 when the answers do not fit. */
  answerQuestionnaire: (assignmentId: string, respuestas: number[]) =>
    http.post<QuestionnaireAnswerResponse>(`/pacientes/perfil/cuestionarios/${segment(assignmentId)}/respuestas`, { respuestas }),
});

export type MyQuestionnaireCalls = ReturnType<typeof myQuestionnaireCalls>;
