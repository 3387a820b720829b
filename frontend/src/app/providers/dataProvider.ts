import {
  API_PREFIX,
  type CompleteMultipartAnswer,
  type CompleteMultipartRequest,
  type DeleteFileAnswer,
  type DownloadUrlAnswer,
  type DraftPayload,
  type DraftProgress,
  type InitiateMultipartAnswer,
  type InitiateMultipartRequest,
  type ListPartsAnswer,
  type MultipartRef,
  type PatientDetail,
  type PatientUpdatePayload,
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

export interface ConsultaDataProvider extends DataProvider, UploadCalls {
  /** The whole collection as the spec's clients read it: GET /{resource}/ answers an array. */
  getAll: <T>(resource: string) => Promise<T[]>;
  /** GET /pacientes/unified/{id}: the therapist's view of one patient, with live totals. */
  getPatientDetail: (id: string) => Promise<PatientDetail>;
  /** PATCH /pacientes/{id}: only the fields sent change. */
  updatePatient: (id: string, data: PatientUpdatePayload) => Promise<PatientDetail>;
  /** GET /sesiones/paciente/{id}: newest number first, without the long texts (see getSession). */
  getPatientSessions: (patientId: string) => Promise<SessionSummary[]>;
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
  getAll: async <T,>(resource: string) => {
    const list = await api.get<T[]>(`/${resource}/`);
    return Array.isArray(list) ? list : [];
  },
  getPatientDetail: (patientId) => api.get(`/pacientes/unified/${id(patientId)}`),
  updatePatient: (patientId, data) => api.patch(`/pacientes/${id(patientId)}`, data),
  getPatientSessions: (patientId) => api.get(`/sesiones/paciente/${id(patientId)}`),
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
};
