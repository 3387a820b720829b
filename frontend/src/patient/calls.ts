import type {
  AiChatAnswer,
  ConsentKind,
  DownloadUrlAnswer,
  PatientAiContextSummary,
  PatientChatRequest,
  PatientConsentOverview,
  PatientDashboard,
  PatientExport,
  PatientOwnProfile,
  PatientOwnProfileUpdate,
  PatientViewSession,
  PatientViewSessionSummary,
} from '@consulta/shared';
import { segment, type HttpClient } from '../app/core/http';
import { askStreamed, type ChatStreamOptions } from '../app/core/askStreamed';

/** The signed-in patient's own area: dashboard, sessions, profile, consents, exports and assistant. */
export const patientAreaCalls = (http: HttpClient) => ({
  myDashboard: () => http.get<PatientDashboard>('/pacientes/paciente/dashboard'),
  /** GET /sesiones/paciente/mis-sesiones: the latest first, without the long texts. */
  mySessions: () => http.get<PatientViewSessionSummary[]>('/sesiones/paciente/mis-sesiones'),
  mySession: (sessionId: string) => http.get<PatientViewSession>(`/sesiones/paciente/sesion/${segment(sessionId)}`),
  /** A signed URL of the session's video, to play or download. */
  mySessionVideo: (sessionId: string) => http.get<DownloadUrlAnswer>(`/sesiones/paciente/sesion/${segment(sessionId)}/download-video`),
  myProfile: () => http.get<PatientOwnProfile>('/pacientes/perfil'),
  /** PATCH /pacientes/perfil: only the fields sent change. */
  updateMyProfile: (data: PatientOwnProfileUpdate) => http.patch<PatientOwnProfile>('/pacientes/perfil', data),
  myConsents: () => http.get<PatientConsentOverview>('/pacientes/perfil/consentimientos'),
  revokeMyConsent: (kind: ConsentKind) =>
    http.post<PatientConsentOverview>(`/pacientes/perfil/consentimientos/${segment(kind)}/revocar`, {}),
  /** GET /pacientes/perfil/exportaciones: the patient's own exports, the latest first. */
  getMyExports: () => http.get<PatientExport[]>('/pacientes/perfil/exportaciones'),
  requestMyExport: () => http.post<PatientExport>('/pacientes/perfil/exportaciones'),
  /** GET /ai-agent/patient-context: what the patient's assistant may read, counted. */
  getMyAiContext: () => http.get<PatientAiContextSummary>('/ai-agent/patient-context'),
  /** POST /ai-agent/patient-chat, streamed: the patient's own assistant. */
  askMyAssistant: (request: PatientChatRequest, options?: ChatStreamOptions): Promise<AiChatAnswer> =>
    askStreamed('/ai-agent/patient-chat', request, options),
});

export type PatientAreaCalls = ReturnType<typeof patientAreaCalls>;
