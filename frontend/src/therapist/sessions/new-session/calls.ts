import type { DraftPayload, DraftProgress, SessionDraft, SessionDraftListItem } from '@consulta/shared';
import { segment, type HttpClient } from '../../../app/core/http';

/** The drafts of a session being recorded (/sesiones-asincronas). */
export const draftCalls = (http: HttpClient) => ({
  /** GET /sesiones-asincronas/drafts/paciente/{id}: most recently saved first, with a transcript preview each. */
  getPatientDrafts: (patientId: string) => http.get<SessionDraftListItem[]>(`/sesiones-asincronas/drafts/paciente/${segment(patientId)}`),
  getDraft: (draftId: string) => http.get<SessionDraft>(`/sesiones-asincronas/drafts/${segment(draftId)}`),
  createDraft: (data: DraftPayload & { paciente_id: string }) => http.post<SessionDraft>('/sesiones-asincronas/drafts', data),
  /**
   * PUT /sesiones-asincronas/drafts/{id}: only the fields sent change. `keepalive`: the browser completes the
   * request even when the page is reloaded or closed (the last words typed reach the server).
   */
  updateDraft: (draftId: string, data: DraftPayload, options?: { keepalive?: boolean }) =>
    http.put<SessionDraft>(`/sesiones-asincronas/drafts/${segment(draftId)}`, data, { keepalive: options?.keepalive }),
  /** DELETE /sesiones-asincronas/drafts/{id}[?preserve_video=true] */
  deleteDraft: (draftId: string, options?: { preserveVideo?: boolean }) =>
    http.delete<unknown>(`/sesiones-asincronas/drafts/${segment(draftId)}${options?.preserveVideo ? '?preserve_video=true' : ''}`),
  getDraftProgress: (draftId: string) => http.get<DraftProgress>(`/sesiones-asincronas/progress/${segment(draftId)}`),
  /** POST start-transcription: 202 with the draft's progress ('transcribiendo'). */
  startTranscription: (draftId: string) => http.post<DraftProgress>(`/sesiones-asincronas/start-transcription/${segment(draftId)}`),
  /** POST start-analysis: analyses what the draft has saved; 202 ('procesando'). */
  startAnalysis: (draftId: string) => http.post<DraftProgress>(`/sesiones-asincronas/start-analysis/${segment(draftId)}`),
  /** POST cancel: the running transcription or analysis stops; the draft goes to 'cancelado'. */
  cancelDraftJob: (draftId: string) => http.post<DraftProgress>(`/sesiones-asincronas/cancel/${segment(draftId)}`),
});

export type SessionDraftCalls = ReturnType<typeof draftCalls>;
