import {
  SESSION_ANALYSIS_POLL_MS,
  type DownloadUrlAnswer,
  type ExerciseSuggestions,
  type Session,
  type SessionPayload,
  type SessionSummary,
  type SessionUpdatePayload,
} from '@consulta/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useDataProvider } from 'react-admin';
import type { ConsultaDataProvider } from '../../app/providers/dataProvider';
import { retryDelay, shouldRetry } from '../../shell/retry';
import { patientKeys } from '../patients/patientQueries';

/** Query keys of the sessions: whoever changes a patient's sessions refreshes these. */
export const sessionKeys = {
  ofPatient: (patientId: string) => ['sesiones', 'paciente', patientId] as const,
  one: (sessionId: string) => ['sesiones', 'una', sessionId] as const,
  every: ['sesiones', 'una'] as const,
  video: (sessionId: string) => ['sesiones', 'video', sessionId] as const,
};

/** A signed video URL is used well before it expires (1 h, docs/decisions/storage-and-backup.md): older than this, it is asked for again. */
const VIDEO_URL_FRESH_MS = 45 * 60 * 1000;

/**
 * GET /sesiones/paciente/{id}: newest number first, without the long texts. With `pollWhileGenerating` (the list is
 * on screen and no open session polls its own analysis) it reads again while a row's analysis is being generated.
 */
export function usePatientSessions(patientId: string, { pollWhileGenerating = false } = {}) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<SessionSummary[]>({
    queryKey: sessionKeys.ofPatient(patientId),
    queryFn: () => dataProvider.getPatientSessions(patientId),
    refetchInterval: (query) =>
      pollWhileGenerating && query.state.data?.some((s) => s.analisis_estado === 'generando') ? SESSION_ANALYSIS_POLL_MS : false,
    retry: shouldRetry,
    retryDelay,
  });
}

/** GET /sesiones/{id}, the whole session (none while `sessionId` is null). */
export function useSession(sessionId: string | null) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<Session>({
    queryKey: sessionKeys.one(sessionId ?? ''),
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
    queryKey: sessionKeys.video(sessionId),
    queryFn: () => dataProvider.sessionVideoDownload(sessionId),
    enabled,
    staleTime: VIDEO_URL_FRESH_MS,
    gcTime: VIDEO_URL_FRESH_MS,
    retry: shouldRetry,
    retryDelay,
  });
}

/** GET /sesiones/{id}/download-video asked afresh (the 'Descargar' button: a new signed URL with the file's name). */
export function useSessionVideoDownload(sessionId: string) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useCallback(() => dataProvider.sessionVideoDownload(sessionId), [dataProvider, sessionId]);
}

/** Reads a whole session through the cache (for the edit dialog and the analysis' polling). */
export function useFetchSession() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const queryClient = useQueryClient();
  return useCallback(
    (sessionId: string) =>
      queryClient.fetchQuery({
        queryKey: sessionKeys.one(sessionId),
        queryFn: () => dataProvider.getSession(sessionId),
        networkMode: 'always',
      }),
    [dataProvider, queryClient],
  );
}

/** Reloads the patient (totals, last session) and their sessions after a session was saved or deleted. */
export function useRefreshPatient(patientId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: patientKeys.detail(patientId) }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.ofPatient(patientId) }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.every }),
      ]),
    [queryClient, patientId],
  );
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

/** POST /sesiones/ (from a draft: `draft_id`); the caller refreshes what the new session changes. */
export function useCreateSession() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useMutation({ mutationFn: (payload: SessionPayload) => dataProvider.createSession(payload) });
}

/** PATCH /sesiones/{id}: only the fields sent change; answers the whole session. */
export function useUpdateSession() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useMutation({
    mutationFn: ({ sessionId, changes }: { sessionId: string; changes: SessionUpdatePayload }) =>
      dataProvider.updateSession(sessionId, changes),
  });
}

/** POST /sesiones/{id}/start-background-analysis: answers the session, 'generando'. */
export function useStartBackgroundAnalysis() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useMutation({ mutationFn: (sessionId: string) => dataProvider.startBackgroundAnalysis(sessionId) });
}

/** POST /sesiones/{id}/sugerir-ejercicios: the AI's suggestions from the therapist's bank (nothing is assigned). */
export function useSuggestExercises() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useMutation<ExerciseSuggestions, unknown, string>({ mutationFn: (sessionId) => dataProvider.suggestExercises(sessionId) });
}
