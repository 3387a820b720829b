import type { DownloadUrlAnswer, PatientDetail, PatientUpdatePayload, Session, SessionSummary } from '@consulta/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useDataProvider } from 'react-admin';
import { errorCode } from '../../../app/core/http';
import type { ConsultaDataProvider } from '../../../app/providers/dataProvider';
import { retryDelay, shouldRetry } from '../../../shell/retry';

/** Query keys of the patient-detail screen: whoever changes a patient's sessions refreshes these. */
export const patientQueryKeys = {
  detail: (patientId: string) => ['pacientes', 'unified', patientId] as const,
  sessions: (patientId: string) => ['sesiones', 'paciente', patientId] as const,
  session: (sessionId: string) => ['sesiones', 'una', sessionId] as const,
  everySession: ['sesiones', 'una'] as const,
  video: (sessionId: string) => ['sesiones', 'video', sessionId] as const,
};

/** A signed video URL is used well before it expires (1 h, docs/decisions.md): older than this, it is asked for again. */
const VIDEO_URL_FRESH_MS = 45 * 60 * 1000;

/** GET /pacientes/unified/{id} (the shells' retry policy: never a 4xx answer). */
export function usePatientDetail(patientId: string) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<PatientDetail>({
    queryKey: patientQueryKeys.detail(patientId),
    queryFn: () => dataProvider.getPatientDetail(patientId),
    enabled: Boolean(patientId),
    retry: shouldRetry,
    retryDelay,
  });
}

/** An unknown or foreign patient (or an id that cannot be one): 'Paciente no encontrado', not a failure. */
export const isMissingPatient = (error: unknown): boolean => {
  const code = errorCode(error);
  return code === 'NOT_FOUND' || code === 'VALIDATION';
};

/** GET /sesiones/paciente/{id}: newest number first, without the long texts. */
export function usePatientSessions(patientId: string) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<SessionSummary[]>({
    queryKey: patientQueryKeys.sessions(patientId),
    queryFn: () => dataProvider.getPatientSessions(patientId),
    retry: shouldRetry,
    retryDelay,
  });
}

/** GET /sesiones/{id}, the whole session (none while `sessionId` is null). */
export function useSession(sessionId: string | null) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<Session>({
    queryKey: patientQueryKeys.session(sessionId ?? ''),
    queryFn: () => dataProvider.getSession(sessionId!),
    enabled: sessionId !== null,
    retry: shouldRetry,
    retryDelay,
  });
}

/** GET /sesiones/{id}/download-video: the signed URL the player streams from (none while `enabled` is false). */
export function useSessionVideoLink(sessionId: string, enabled: boolean) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<DownloadUrlAnswer>({
    queryKey: patientQueryKeys.video(sessionId),
    queryFn: () => dataProvider.sessionVideoDownload(sessionId),
    enabled,
    staleTime: VIDEO_URL_FRESH_MS,
    gcTime: VIDEO_URL_FRESH_MS,
    retry: shouldRetry,
    retryDelay,
  });
}

/** Reads a whole session through the cache (for the edit dialog). */
export function useFetchSession() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const queryClient = useQueryClient();
  return useCallback(
    (sessionId: string) =>
      queryClient.fetchQuery({ queryKey: patientQueryKeys.session(sessionId), queryFn: () => dataProvider.getSession(sessionId) }),
    [dataProvider, queryClient],
  );
}

/** Reloads the patient (totals, last session) and their sessions after a session was saved or deleted. */
export function useRefreshPatient(patientId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: patientQueryKeys.detail(patientId) }),
        queryClient.invalidateQueries({ queryKey: patientQueryKeys.sessions(patientId) }),
        queryClient.invalidateQueries({ queryKey: patientQueryKeys.everySession }),
      ]),
    [queryClient, patientId],
  );
}

/** PATCH /pacientes/{id}: the answer (the updated record) replaces the loaded one. */
export function useUpdatePatient(patientId: string) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: PatientUpdatePayload) => dataProvider.updatePatient(patientId, payload),
    onSuccess: (updated) => queryClient.setQueryData(patientQueryKeys.detail(patientId), updated),
  });
}

/** DELETE /sesiones/{id}, then the patient and the list are reloaded. */
export function useDeleteSession(patientId: string) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const refresh = useRefreshPatient(patientId);
  return useMutation({
    mutationFn: (sessionId: string) => dataProvider.deleteSession(sessionId),
    onSuccess: () => refresh(),
  });
}
