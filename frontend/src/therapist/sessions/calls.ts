import type {
  DownloadUrlAnswer,
  ExerciseSuggestions,
  Session,
  SessionPayload,
  SessionSummary,
  SessionUpdatePayload,
} from '@consulta/shared';
import { segment, type HttpClient } from '../../app/core/http';

export const sessionCalls = (http: HttpClient) => ({
  /** GET /sesiones/paciente/{id}: newest number first, without the long texts (see getSession). */
  getPatientSessions: (patientId: string) => http.get<SessionSummary[]>(`/sesiones/paciente/${segment(patientId)}`),
  /** GET /sesiones/{id}: the whole session, transcript and analyses included. */
  getSession: (sessionId: string) => http.get<Session>(`/sesiones/${segment(sessionId)}`),
  /** POST /sesiones/ (with `draft_id`, the draft is deleted in the same transaction). */
  createSession: (data: SessionPayload) => http.post<Session>('/sesiones/', data),
  updateSession: (sessionId: string, data: SessionUpdatePayload) => http.patch<Session>(`/sesiones/${segment(sessionId)}`, data),
  deleteSession: (sessionId: string) => http.delete<Session>(`/sesiones/${segment(sessionId)}`),
  /** POST /sesiones/{id}/start-background-analysis: 202 with the session (`analisis_estado` 'generando'). */
  startBackgroundAnalysis: (sessionId: string) => http.post<Session>(`/sesiones/${segment(sessionId)}/start-background-analysis`),
  /** POST /sesiones/{id}/sugerir-ejercicios: up to 3 exercises of the therapist's bank for this session (none assigned). */
  suggestExercises: (sessionId: string) => http.post<ExerciseSuggestions>(`/sesiones/${segment(sessionId)}/sugerir-ejercicios`),
  /** GET /sesiones/{id}/download-video: a signed URL of the session's video, to play or download. */
  sessionVideoDownload: (sessionId: string) => http.get<DownloadUrlAnswer>(`/sesiones/${segment(sessionId)}/download-video`),
});

export type SessionCalls = ReturnType<typeof sessionCalls>;
