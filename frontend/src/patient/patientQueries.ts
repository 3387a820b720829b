import type {
  ConsentKind,
  DownloadUrlAnswer,
  PatientConsentOverview,
  PatientAiContextSummary,
  PatientDashboard,
  PatientOwnProfile,
  PatientOwnProfileUpdate,
  PatientViewSession,
  PatientViewSessionSummary,
} from '@consulta/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useDataProvider } from 'react-admin';
import type { ConsultaDataProvider } from '../app/providers/dataProvider';
import type { ChatSend } from '../components/chat/chatLogic';
import type { ExportCalls } from '../shell/exports/useExports';
import { retryDelay, shouldRetry } from '../shell/retry';

/** The patient side caches answers for 5 minutes and retries once (never an answer that will not change). */
export const PATIENT_QUERY_OPTIONS = {
  staleTime: 5 * 60 * 1000,
  retry: (failureCount: number, error: unknown) => failureCount < 1 && shouldRetry(failureCount, error),
};

/** A signed video URL lasts 1 h (docs/decisions/storage-and-backup.md): older than this, it is asked for again. */
const VIDEO_URL_FRESH_MS = 45 * 60 * 1000;

export const patientAreaKeys = {
  dashboard: ['paciente', 'dashboard'] as const,
  sessions: ['paciente', 'sesiones'] as const,
  session: (id: string) => ['paciente', 'sesiones', id] as const,
  video: (id: string) => ['paciente', 'sesiones', id, 'video'] as const,
  profile: ['paciente', 'perfil'] as const,
  consents: ['paciente', 'consentimientos'] as const,
  exports: ['paciente', 'exportaciones'] as const,
  aiContext: ['ai-agent', 'patient-context'] as const,
};

export function useMyDashboard() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<PatientDashboard>({
    queryKey: patientAreaKeys.dashboard,
    queryFn: () => dataProvider.myDashboard(),
    ...PATIENT_QUERY_OPTIONS,
  });
}

export function useMySessions() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<PatientViewSessionSummary[]>({
    queryKey: patientAreaKeys.sessions,
    queryFn: () => dataProvider.mySessions(),
    ...PATIENT_QUERY_OPTIONS,
  });
}

/** One session, fetched when its dialog opens (none while `id` is null). */
export function useMySession(id: string | null) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<PatientViewSession>({
    queryKey: patientAreaKeys.session(id ?? ''),
    queryFn: () => dataProvider.mySession(id!),
    enabled: id !== null,
    ...PATIENT_QUERY_OPTIONS,
  });
}

/** The signed URL the player streams from. */
export function useMySessionVideo(id: string, enabled: boolean) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<DownloadUrlAnswer>({
    queryKey: patientAreaKeys.video(id),
    queryFn: () => dataProvider.mySessionVideo(id),
    enabled,
    ...PATIENT_QUERY_OPTIONS,
    staleTime: VIDEO_URL_FRESH_MS,
    gcTime: VIDEO_URL_FRESH_MS,
  });
}

/** Asks for a fresh signed URL of the session's video each time 'Descargar' is pressed (not through the player's cached one). */
export function useMySessionVideoDownload(id: string): () => Promise<DownloadUrlAnswer> {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useCallback(() => dataProvider.mySessionVideo(id), [dataProvider, id]);
}

export function useMyProfile() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<PatientOwnProfile>({
    queryKey: patientAreaKeys.profile,
    queryFn: () => dataProvider.myProfile(),
    ...PATIENT_QUERY_OPTIONS,
  });
}

/** PATCH /pacientes/perfil: the answer (the updated profile) replaces the loaded one. */
export function useUpdateMyProfile() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: PatientOwnProfileUpdate) => dataProvider.updateMyProfile(changes),
    onSuccess: (profile) => queryClient.setQueryData(patientAreaKeys.profile, profile),
  });
}

/** GET /pacientes/perfil/consentimientos */
export function useMyConsents() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<PatientConsentOverview>({
    queryKey: patientAreaKeys.consents,
    queryFn: () => dataProvider.myConsents(),
    ...PATIENT_QUERY_OPTIONS,
  });
}

/** POST /pacientes/perfil/consentimientos/{tipo}/revocar: the answer replaces the loaded consents. */
export function useRevokeMyConsent() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: ConsentKind) => dataProvider.revokeMyConsent(kind),
    onSuccess: (consents) => queryClient.setQueryData(patientAreaKeys.consents, consents),
  });
}

/** GET /ai-agent/patient-context: what the assistant may read, counted (the shells' retry policy, like the therapist's). */
export function useMyAiContext() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<PatientAiContextSummary>({
    queryKey: patientAreaKeys.aiContext,
    queryFn: () => dataProvider.getMyAiContext(),
    retry: shouldRetry,
    retryDelay,
  });
}

/** The patient's own assistant. */
export function useMyAssistant(): ChatSend {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useCallback(
    (message, history, onToken, signal) => dataProvider.askMyAssistant({ message, history }, { onToken, signal }),
    [dataProvider],
  );
}

/** The export panel's calls for the patient's own data (the panel caches them under patientAreaKeys.exports). */
export function useMyExportCalls(): ExportCalls {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return {
    list: () => dataProvider.getMyExports(),
    request: () => dataProvider.requestMyExport(),
    download: (exportId) => dataProvider.exportDownload(exportId),
  };
}
