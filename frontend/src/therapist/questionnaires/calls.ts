import type { AssignQuestionnairePayload, Questionnaire, QuestionnaireAssignment, QuestionnaireResult } from '@consulta/shared';
import { segment, type HttpClient } from '../../app/core/http';

/** The therapist's questionnaires: the catalogue, a patient's assignments and results, the safety alert's review. */
export const questionnaireCalls = (http: HttpClient) => ({
  /** GET /cuestionarios (both roles). */
  getQuestionnaires: () => http.get<Questionnaire[]>('/cuestionarios'),
  /** GET /cuestionarios/asignaciones?paciente_id= */
  getQuestionnaireAssignments: (patientId: string) =>
    http.get<QuestionnaireAssignment[]>(`/cuestionarios/asignaciones?${new URLSearchParams({ paciente_id: patientId }).toString()}`),
  /** POST /cuestionarios/asignaciones: due today; the patient is mailed. */
  assignQuestionnaire: (data: AssignQuestionnairePayload) => http.post<QuestionnaireAssignment>('/cuestionarios/asignaciones', data),
  /** DELETE /cuestionarios/asignaciones/{id}: nothing more falls due; the results stay. */
  stopQuestionnaire: (id: string) => http.delete<QuestionnaireAssignment>(`/cuestionarios/asignaciones/${segment(id)}`),
  /** GET /cuestionarios/resultados/{pacienteId}: oldest first. */
  getQuestionnaireResults: (patientId: string) => http.get<QuestionnaireResult[]>(`/cuestionarios/resultados/${segment(patientId)}`),
  /** POST /cuestionarios/resultados/{id}/revisar: clears the safety alert. */
  reviewQuestionnaireResult: (id: string) => http.post<QuestionnaireResult>(`/cuestionarios/resultados/${segment(id)}/revisar`, {}),
});

export type QuestionnaireCalls = ReturnType<typeof questionnaireCalls>;
