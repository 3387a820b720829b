import {
  API_PREFIX,
  type AccessHistoryItem,
  type AccessKind,
  type ConsentGrant,
  type ConsentKind,
  type ConsentOverview,
  type ConsentRevocation,
  type PatientConsentOverview,
  type PatientExport,
  type AiChatAnswer,
  type AiChatRequest,
  type AiContextSummary,
  type PatientAiContextSummary,
  type PatientChatRequest,
  type CompleteMultipartAnswer,
  type CompleteMultipartRequest,
  type AssignedExercise,
  type AssignedModule,
  type AssignedModuleExercise,
  type CompletionPayload,
  type DeleteFileAnswer,
  type DeletedExercise,
  type DownloadUrlAnswer,
  type Exercise,
  type ExerciseAssignee,
  type ExerciseCreated,
  type ExercisePayload,
  type ExerciseProgress,
  type ModuleDetail,
  type ModuleExercise,
  type ModuleExerciseLink,
  type ModulePayload,
  type ModulesProgress,
  type Module,
  type PatientExerciseLink,
  type PatientModuleLink,
  type UnassignAnswer,
  type UnifiedExercises,
  type DraftPayload,
  type DraftProgress,
  type InitiateMultipartAnswer,
  type InitiateMultipartRequest,
  type ListPartsAnswer,
  type MultipartRef,
  type PatientDashboard,
  type PatientDetail,
  type PatientOwnProfile,
  type PatientOwnProfileUpdate,
  type PatientUpdatePayload,
  type PatientViewSession,
  type PatientViewSessionSummary,
  type PresignedPartAnswer,
  type PresignedPartRequest,
  type PresignedUploadAnswer,
  type PresignedUploadRequest,
  type ProxyUploadAnswer,
  type Session,
  type SessionDraft,
  type SessionPayload,
  type SessionSummary,
  type SessionUpdatePayload,
} from '@consulta/shared';
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, fetchUtils } from 'ra-core';
import type { ProxyUploadOptions, UploadCalls } from '../../components/upload/uploadCalls';
import { api, apiRequest, apiUpload } from '../core/http';
import { askStreamed, type ChatStreamOptions } from './assistantCalls';
import { OWNED_RESOURCES, ownedResourceMethods } from './ownedResources';

/**
 * react-admin's HTTP client, on top of the app's one fetch wrapper: same JSON content type, bearer
 * token, session-expiry handling and error messages as every other call.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  // ra-data-simple-rest marks its DELETE as text/plain; every call of the app is JSON (spec 1 §7).
  const requestHeaders = new Headers(options.headers);
  requestHeaders.delete('Content-Type');
  const { status, headers, body, json } = await apiRequest(url, {
    method: options.method,
    body: options.body,
    headers: requestHeaders,
    signal: options.signal,
  });
  return { status, headers, body, json };
}

/** Which entries of an access history to read: [start, end] (inclusive) and an optional kind. */
export interface AccessHistoryPage {
  start: number;
  end: number;
  tipo?: AccessKind;
}

export interface ConsultaDataProvider extends DataProvider, UploadCalls {
  /** The whole collection as the spec's clients read it: GET /{resource}/ answers an array. */
  getAll: <T>(resource: string) => Promise<T[]>;
  /** GET /pacientes/unified/{id}: the therapist's view of one patient, with live totals. */
  getPatientDetail: (id: string) => Promise<PatientDetail>;
  /** PATCH /pacientes/{id}: only the fields sent change. */
  updatePatient: (id: string, data: PatientUpdatePayload) => Promise<PatientDetail>;
  /** GET /sesiones/paciente/{id}: newest number first, without the long texts (see getSession). */
  getPatientSessions: (patientId: string) => Promise<SessionSummary[]>;
  /** A page of a patient's access history (newest first), optionally of one kind, and how many there are. */
  getAccessHistory: (patientId: string, page: AccessHistoryPage) => Promise<{ items: AccessHistoryItem[]; total: number }>;
  /** GET /sesiones/{id}: the whole session, transcript and analyses included. */
  getSession: (id: string) => Promise<Session>;
  /** POST /sesiones/ (with `draft_id`, the draft is deleted in the same transaction). */
  createSession: (data: SessionPayload) => Promise<Session>;
  /** PATCH /sesiones/{id} */
  updateSession: (id: string, data: SessionUpdatePayload) => Promise<Session>;
  /** DELETE /sesiones/{id} */
  deleteSession: (id: string) => Promise<Session>;
  /** GET /sesiones-asincronas/drafts/paciente/{id}: most recently saved first. */
  getPatientDrafts: (patientId: string) => Promise<SessionDraft[]>;
  /** GET /sesiones-asincronas/drafts/{id} */
  getDraft: (id: string) => Promise<SessionDraft>;
  /** POST /sesiones-asincronas/drafts (paciente_id required). */
  createDraft: (data: DraftPayload & { paciente_id: string }) => Promise<SessionDraft>;
  /**
   * PUT /sesiones-asincronas/drafts/{id}: only the fields sent change. `keepalive`: the browser completes the
   * request even when the page is reloaded or closed (the last words typed reach the server).
   */
  updateDraft: (id: string, data: DraftPayload, options?: { keepalive?: boolean }) => Promise<SessionDraft>;
  /** DELETE /sesiones-asincronas/drafts/{id}[?preserve_video=true] */
  deleteDraft: (id: string, options?: { preserveVideo?: boolean }) => Promise<unknown>;
  /** GET /sesiones-asincronas/progress/{draftId} */
  getDraftProgress: (id: string) => Promise<DraftProgress>;
  /** POST /sesiones-asincronas/start-transcription/{draftId}: 202 with the draft's progress ('transcribiendo'). */
  startTranscription: (draftId: string) => Promise<DraftProgress>;
  /** POST /sesiones-asincronas/start-analysis/{draftId}: analyses what the draft has saved; 202 ('procesando'). */
  startAnalysis: (draftId: string) => Promise<DraftProgress>;
  /** POST /sesiones/{id}/start-background-analysis: 202 with the session (`analisis_estado` 'generando'). */
  startBackgroundAnalysis: (sessionId: string) => Promise<Session>;
  /** POST /aws-s3/presigned-upload-url: one PUT of the whole file (send the answer's `headers`). */
  presignedUpload: (request: PresignedUploadRequest) => Promise<PresignedUploadAnswer>;
  /** POST /aws-s3/initiate-multipart-upload */
  initiateMultipart: (request: InitiateMultipartRequest) => Promise<InitiateMultipartAnswer>;
  /** POST /aws-s3/presigned-part-url */
  signPart: (request: PresignedPartRequest) => Promise<PresignedPartAnswer>;
  /** POST /aws-s3/list-parts: the parts the store holds (to resume). */
  listParts: (ref: MultipartRef) => Promise<ListPartsAnswer>;
  /** POST /aws-s3/complete-multipart-upload */
  completeMultipart: (request: CompleteMultipartRequest) => Promise<CompleteMultipartAnswer>;
  /** POST /aws-s3/abort-multipart-upload */
  abortMultipart: (ref: MultipartRef) => Promise<{ success: boolean }>;
  /** POST /aws-s3/proxy-upload (multipart form: custom_path, then file), with upload progress and abort. */
  proxyUpload: (file: File, customPath: string, options?: ProxyUploadOptions) => Promise<ProxyUploadAnswer>;
  /** POST /aws-s3/download-url: a signed URL of one of the caller's files. */
  downloadUrl: (fileKey: string) => Promise<DownloadUrlAnswer>;
  /** DELETE /aws-s3/delete-file (409 FILE_IN_USE while something refers to it). */
  deleteFile: (fileKey: string) => Promise<DeleteFileAnswer>;
  /** GET /sesiones/{id}/download-video: a signed URL of the session's video, to play or download. */
  sessionVideoDownload: (sessionId: string) => Promise<DownloadUrlAnswer>;
  /** GET /aws-s3/files/{key without files/}: a signed URL of a file the caller may read (an exercise's material). */
  fileUrl: (fileKey: string) => Promise<DownloadUrlAnswer>;

  // ---- Exercise bank (therapist) ----
  /** GET /ejercicios/: the caller's bank, newest first. */
  listExercises: () => Promise<Exercise[]>;
  getExercise: (exerciseId: string) => Promise<Exercise>;
  /** POST /ejercicios/ (with `paciente_ids`, assigned to them in the same transaction). */
  createExercise: (data: ExercisePayload) => Promise<ExerciseCreated>;
  updateExercise: (exerciseId: string, data: ExercisePayload) => Promise<Exercise>;
  deleteExercise: (exerciseId: string) => Promise<DeletedExercise>;
  /** GET /modulos/: the caller's modules, newest first. */
  listModules: () => Promise<Module[]>;
  /** GET /modulos/{id}: with its exercises in order. */
  getModule: (moduleId: string) => Promise<ModuleDetail>;
  createModule: (data: ModulePayload) => Promise<Module>;
  updateModule: (moduleId: string, data: ModulePayload) => Promise<Module>;
  deleteModule: (moduleId: string) => Promise<Module>;
  /** GET /modulo-ejercicios/modulo/{id}: the module's exercises in order. */
  getModuleExercises: (moduleId: string) => Promise<ModuleExercise[]>;
  /** POST /modulo-ejercicios/ (400 ALREADY_ASSIGNED when it is in the module already). */
  addExerciseToModule: (moduleId: string, exerciseId: string) => Promise<ModuleExerciseLink>;
  /** DELETE /modulo-ejercicios/modulo/{moduleId}/ejercicio/{exerciseId} (404 when it is not there). */
  removeExerciseFromModule: (moduleId: string, exerciseId: string) => Promise<ModuleExerciseLink>;
  /** PUT /modulo-ejercicios/modulo/{moduleId}/orden: every exercise of the module, in the new order. */
  reorderModule: (moduleId: string, exerciseIds: string[]) => Promise<ModuleExercise[]>;

  // ---- Assignments and progress (therapist) ----
  /** GET /paciente-ejercicios/ejercicio/{id}: the caller's patients who have it. */
  getExerciseAssignees: (exerciseId: string) => Promise<ExerciseAssignee[]>;
  /** POST /paciente-ejercicios/ (400 ALREADY_ASSIGNED when the patient has it individually already). */
  assignExercise: (patientId: string, exerciseId: string) => Promise<PatientExerciseLink>;
  /** DELETE /paciente-ejercicios/paciente/{patientId}/ejercicio/{exerciseId} (a module-only one takes its modules). */
  unassignExercise: (patientId: string, exerciseId: string) => Promise<UnassignAnswer>;
  /** GET /paciente-modulos/paciente/{id} */
  getPatientModules: (patientId: string) => Promise<AssignedModule[]>;
  /** POST /paciente-modulos/ */
  assignModule: (patientId: string, moduleId: string) => Promise<PatientModuleLink>;
  /** DELETE /paciente-modulos/paciente/{patientId}/modulo/{moduleId} */
  unassignModule: (patientId: string, moduleId: string) => Promise<PatientModuleLink>;
  /** GET /paciente-modulos/: which of the caller's patients have which module. */
  listModuleLinks: () => Promise<PatientModuleLink[]>;
  /** DELETE /paciente-modulos/{patientId}/{moduleId}: the spec's form while editing a module. */
  removeModulePatient: (moduleId: string, patientId: string) => Promise<PatientModuleLink>;
  /** GET /paciente-ejercicios/pacientes/{id}/ejercicios/unified: the list and its progress. */
  getPatientExercises: (patientId: string) => Promise<UnifiedExercises>;
  /** GET /paciente-ejercicios/pacientes/{id}/ejercicios/progreso */
  getPatientProgress: (patientId: string) => Promise<ExerciseProgress>;
  /** GET /paciente-ejercicios/pacientes/{id}/modulos/progreso */
  getPatientModulesProgress: (patientId: string) => Promise<ModulesProgress>;

  // ---- The patient's own exercises ----
  /** GET /paciente-ejercicios/mis-ejercicios: the caller's list and its progress. */
  myExercises: () => Promise<UnifiedExercises>;
  /** GET /paciente-ejercicios/mis-ejercicios/progreso */
  myProgress: () => Promise<ExerciseProgress>;
  /** GET /modulos/paciente/mis-modulos */
  myModules: () => Promise<AssignedModule[]>;
  /** GET /paciente-ejercicios/modulos/{moduleId}/ejercicios: one of the caller's modules, in order. */
  myModuleExercises: (moduleId: string) => Promise<AssignedModuleExercise[]>;
  /** POST /paciente-ejercicios/pacientes/{id}/ejercicios/{exerciseId}/completar (the patient's own id). */
  completeExercise: (patientId: string, exerciseId: string, data: CompletionPayload) => Promise<AssignedExercise>;
  /** POST /paciente-ejercicios/pacientes/{id}/ejercicios/{exerciseId}/desmarcar */
  uncompleteExercise: (patientId: string, exerciseId: string) => Promise<AssignedExercise>;

  // ---- The AI assistants ----
  /** GET /ai-agent/context: what the therapist's assistant knows about, counted. */
  getAiContext: () => Promise<AiContextSummary>;
  /** POST /ai-agent/chat, streamed (with `patient_id`, about that patient only). */
  askAssistant: (request: AiChatRequest, options?: ChatStreamOptions) => Promise<AiChatAnswer>;
  /** GET /ai-agent/patient-context: what the signed-in patient's assistant may read, counted. */
  getMyAiContext: () => Promise<PatientAiContextSummary>;
  /** POST /ai-agent/patient-chat, streamed: the signed-in patient's own assistant. */
  askMyAssistant: (request: PatientChatRequest, options?: ChatStreamOptions) => Promise<AiChatAnswer>;
  // ---- The patient's own area ----
  /** GET /pacientes/paciente/dashboard */
  myDashboard: () => Promise<PatientDashboard>;
  /** GET /sesiones/paciente/mis-sesiones: the latest first, without the long texts. */
  mySessions: () => Promise<PatientViewSessionSummary[]>;
  /** GET /sesiones/paciente/sesion/{id} */
  mySession: (sessionId: string) => Promise<PatientViewSession>;
  /** GET /sesiones/paciente/sesion/{id}/download-video: a signed URL of the session's video, to play or download. */
  mySessionVideo: (sessionId: string) => Promise<DownloadUrlAnswer>;
  /** GET /pacientes/perfil */
  myProfile: () => Promise<PatientOwnProfile>;
  /** PATCH /pacientes/perfil: only the fields sent change. */
  updateMyProfile: (data: PatientOwnProfileUpdate) => Promise<PatientOwnProfile>;
  // ---- Consents ----
  /** GET /pacientes/consentimientos/{id} */
  getConsents: (patientId: string) => Promise<ConsentOverview>;
  /** POST /pacientes/consentimientos/{id} */
  grantConsent: (patientId: string, grant: ConsentGrant) => Promise<ConsentOverview>;
  /** POST /pacientes/consentimientos/{id}/{tipo}/revocar */
  revokeConsent: (patientId: string, kind: ConsentKind, revocation: ConsentRevocation) => Promise<ConsentOverview>;
  /** GET /pacientes/perfil/consentimientos */
  myConsents: () => Promise<PatientConsentOverview>;
  /** POST /pacientes/perfil/consentimientos/{tipo}/revocar */
  revokeMyConsent: (kind: ConsentKind) => Promise<PatientConsentOverview>;
  // ---- Data exports (issue 17) ----
  /** GET /pacientes/exportaciones/{id}: the caller's exports of this patient, the latest first. */
  getPatientExports: (patientId: string) => Promise<PatientExport[]>;
  /** POST /pacientes/exportaciones/{id}: 202 with the new export (pendiente); 409 EXPORT_BUSY while one is being made. */
  requestPatientExport: (patientId: string) => Promise<PatientExport>;
  /** GET /pacientes/perfil/exportaciones: the signed-in patient's own exports, the latest first. */
  getMyExports: () => Promise<PatientExport[]>;
  /** POST /pacientes/perfil/exportaciones */
  requestMyExport: () => Promise<PatientExport>;
  /** GET /exportaciones/{id}/descarga: a signed URL of a ready archive (409 EXPORT_NOT_READY, 410 EXPORT_EXPIRED). */
  exportDownload: (exportId: string) => Promise<DownloadUrlAnswer>;
}

const id = (value: string) => encodeURIComponent(value);

const rest = simpleRestProvider(API_PREFIX, httpClient);

/** Owned resources (see ownedResources.ts) use their own methods; the rest speak ra-data-simple-rest. */
const routed = Object.fromEntries(
  (Object.keys(ownedResourceMethods) as (keyof typeof ownedResourceMethods)[]).map((method) => [
    method,
    (resource: string, params: unknown) => {
      const target = (resource in OWNED_RESOURCES ? ownedResourceMethods : rest)[method] as (r: string, p: unknown) => Promise<unknown>;
      return target(resource, params);
    },
  ]),
) as Pick<DataProvider, keyof typeof ownedResourceMethods>;

export const dataProvider: ConsultaDataProvider = {
  ...rest,
  ...routed,
  getAll: async <T>(resource: string) => {
    const list = await api.get<T[]>(`/${resource}/`);
    return Array.isArray(list) ? list : [];
  },
  getPatientDetail: (patientId) => api.get(`/pacientes/unified/${id(patientId)}`),
  updatePatient: (patientId, data) => api.patch(`/pacientes/${id(patientId)}`, data),
  getPatientSessions: (patientId) => api.get(`/sesiones/paciente/${id(patientId)}`),
  getAccessHistory: async (patientId, { start, end, tipo }) => {
    const query = new URLSearchParams({ range: JSON.stringify([start, end]), ...(tipo ? { filter: JSON.stringify({ tipo }) } : {}) });
    const res = await apiRequest<AccessHistoryItem[]>(`/pacientes/historial-accesos/${id(patientId)}?${query}`);
    return { items: res.json, total: Number(res.headers.get('Content-Range')?.split('/')[1] ?? res.json.length) };
  },
  getSession: (sessionId) => api.get(`/sesiones/${id(sessionId)}`),
  createSession: (data) => api.post('/sesiones/', data),
  updateSession: (sessionId, data) => api.patch(`/sesiones/${id(sessionId)}`, data),
  deleteSession: (sessionId) => api.delete(`/sesiones/${id(sessionId)}`),
  getPatientDrafts: (patientId) => api.get(`/sesiones-asincronas/drafts/paciente/${id(patientId)}`),
  getDraft: (draftId) => api.get(`/sesiones-asincronas/drafts/${id(draftId)}`),
  createDraft: (data) => api.post('/sesiones-asincronas/drafts', data),
  updateDraft: (draftId, data, options) => api.put(`/sesiones-asincronas/drafts/${id(draftId)}`, data, { keepalive: options?.keepalive }),
  deleteDraft: (draftId, options) =>
    api.delete(`/sesiones-asincronas/drafts/${id(draftId)}${options?.preserveVideo ? '?preserve_video=true' : ''}`),
  getDraftProgress: (draftId) => api.get(`/sesiones-asincronas/progress/${id(draftId)}`),
  startTranscription: (draftId) => api.post(`/sesiones-asincronas/start-transcription/${id(draftId)}`),
  startAnalysis: (draftId) => api.post(`/sesiones-asincronas/start-analysis/${id(draftId)}`),
  startBackgroundAnalysis: (sessionId) => api.post(`/sesiones/${id(sessionId)}/start-background-analysis`),
  presignedUpload: (request) => api.post('/aws-s3/presigned-upload-url', request),
  initiateMultipart: (request) => api.post('/aws-s3/initiate-multipart-upload', request),
  signPart: (request) => api.post('/aws-s3/presigned-part-url', request),
  listParts: (ref) => api.post('/aws-s3/list-parts', ref),
  completeMultipart: (request) => api.post('/aws-s3/complete-multipart-upload', request),
  abortMultipart: (ref) => api.post('/aws-s3/abort-multipart-upload', ref),
  proxyUpload: (file, customPath, options) => {
    // The server reads the path before the file's bytes (it streams them straight to the store).
    const form = new FormData();
    form.append('custom_path', customPath);
    form.append('file', file, file.name);
    return apiUpload<ProxyUploadAnswer>('/aws-s3/proxy-upload', form, options);
  },
  downloadUrl: (fileKey) => api.post('/aws-s3/download-url', { file_key: fileKey }),
  deleteFile: async (fileKey) =>
    (await apiRequest<DeleteFileAnswer>('/aws-s3/delete-file', { method: 'DELETE', body: JSON.stringify({ file_key: fileKey }) })).json,
  sessionVideoDownload: (sessionId) => api.get(`/sesiones/${id(sessionId)}/download-video`),
  fileUrl: (fileKey) =>
    api.get(
      `/aws-s3/files/${fileKey
        .replace(/^files\//, '')
        .split('/')
        .map(id)
        .join('/')}`,
    ),

  listExercises: () => api.get('/ejercicios/'),
  getExercise: (exerciseId) => api.get(`/ejercicios/${id(exerciseId)}`),
  createExercise: (data) => api.post('/ejercicios/', data),
  updateExercise: (exerciseId, data) => api.put(`/ejercicios/${id(exerciseId)}`, data),
  deleteExercise: (exerciseId) => api.delete(`/ejercicios/${id(exerciseId)}`),
  listModules: () => api.get('/modulos/'),
  getModule: (moduleId) => api.get(`/modulos/${id(moduleId)}`),
  createModule: (data) => api.post('/modulos/', data),
  updateModule: (moduleId, data) => api.put(`/modulos/${id(moduleId)}`, data),
  deleteModule: (moduleId) => api.delete(`/modulos/${id(moduleId)}`),
  getModuleExercises: (moduleId) => api.get(`/modulo-ejercicios/modulo/${id(moduleId)}`),
  addExerciseToModule: (moduleId, exerciseId) => api.post('/modulo-ejercicios/', { modulo_id: moduleId, ejercicio_id: exerciseId }),
  removeExerciseFromModule: (moduleId, exerciseId) => api.delete(`/modulo-ejercicios/modulo/${id(moduleId)}/ejercicio/${id(exerciseId)}`),
  reorderModule: (moduleId, exerciseIds) => api.put(`/modulo-ejercicios/modulo/${id(moduleId)}/orden`, { ejercicio_ids: exerciseIds }),

  getExerciseAssignees: (exerciseId) => api.get(`/paciente-ejercicios/ejercicio/${id(exerciseId)}`),
  assignExercise: (patientId, exerciseId) => api.post('/paciente-ejercicios/', { paciente_id: patientId, ejercicio_id: exerciseId }),
  unassignExercise: (patientId, exerciseId) => api.delete(`/paciente-ejercicios/paciente/${id(patientId)}/ejercicio/${id(exerciseId)}`),
  getPatientModules: (patientId) => api.get(`/paciente-modulos/paciente/${id(patientId)}`),
  assignModule: (patientId, moduleId) => api.post('/paciente-modulos/', { paciente_id: patientId, modulo_id: moduleId }),
  unassignModule: (patientId, moduleId) => api.delete(`/paciente-modulos/paciente/${id(patientId)}/modulo/${id(moduleId)}`),
  listModuleLinks: () => api.get('/paciente-modulos/'),
  removeModulePatient: (moduleId, patientId) => api.delete(`/paciente-modulos/${id(patientId)}/${id(moduleId)}`),
  getPatientExercises: (patientId) => api.get(`/paciente-ejercicios/pacientes/${id(patientId)}/ejercicios/unified`),
  getPatientProgress: (patientId) => api.get(`/paciente-ejercicios/pacientes/${id(patientId)}/ejercicios/progreso`),
  getPatientModulesProgress: (patientId) => api.get(`/paciente-ejercicios/pacientes/${id(patientId)}/modulos/progreso`),

  myExercises: () => api.get('/paciente-ejercicios/mis-ejercicios'),
  myProgress: () => api.get('/paciente-ejercicios/mis-ejercicios/progreso'),
  myModules: () => api.get('/modulos/paciente/mis-modulos'),
  myModuleExercises: (moduleId) => api.get(`/paciente-ejercicios/modulos/${id(moduleId)}/ejercicios`),
  completeExercise: (patientId, exerciseId, data) =>
    api.post(`/paciente-ejercicios/pacientes/${id(patientId)}/ejercicios/${id(exerciseId)}/completar`, data),
  uncompleteExercise: (patientId, exerciseId) =>
    api.post(`/paciente-ejercicios/pacientes/${id(patientId)}/ejercicios/${id(exerciseId)}/desmarcar`),

  getAiContext: () => api.get('/ai-agent/context'),
  askAssistant: (request, options) => askStreamed('/ai-agent/chat', request, options),
  getMyAiContext: () => api.get('/ai-agent/patient-context'),
  askMyAssistant: (request, options) => askStreamed('/ai-agent/patient-chat', request, options),
  myDashboard: () => api.get('/pacientes/paciente/dashboard'),
  mySessions: () => api.get('/sesiones/paciente/mis-sesiones'),
  mySession: (sessionId) => api.get(`/sesiones/paciente/sesion/${id(sessionId)}`),
  mySessionVideo: (sessionId) => api.get(`/sesiones/paciente/sesion/${id(sessionId)}/download-video`),
  myProfile: () => api.get('/pacientes/perfil'),
  updateMyProfile: (data) => api.patch('/pacientes/perfil', data),
  getConsents: (patientId) => api.get(`/pacientes/consentimientos/${id(patientId)}`),
  grantConsent: (patientId, grant) => api.post(`/pacientes/consentimientos/${id(patientId)}`, grant),
  revokeConsent: (patientId, kind, revocation) => api.post(`/pacientes/consentimientos/${id(patientId)}/${id(kind)}/revocar`, revocation),
  myConsents: () => api.get('/pacientes/perfil/consentimientos'),
  revokeMyConsent: (kind) => api.post(`/pacientes/perfil/consentimientos/${id(kind)}/revocar`, {}),
  getPatientExports: (patientId) => api.get(`/pacientes/exportaciones/${id(patientId)}`),
  requestPatientExport: (patientId) => api.post(`/pacientes/exportaciones/${id(patientId)}`),
  getMyExports: () => api.get('/pacientes/perfil/exportaciones'),
  requestMyExport: () => api.post('/pacientes/perfil/exportaciones'),
  exportDownload: (exportId) => api.get(`/exportaciones/${id(exportId)}/descarga`),
};
