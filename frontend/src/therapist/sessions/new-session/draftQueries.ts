import { MSG, transcriptPreview, type DraftProgress, type SessionDraft, type SessionDraftListItem } from '@consulta/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useDataProvider } from 'react-admin';
import { reportError } from '../../../app/core/reportError';
import { toastSuccess } from '../../../components/toast/toastStore';
import type { ConsultaDataProvider } from '../../../app/providers/dataProvider';
import type { DraftAutosaver, DraftCalls } from './draftAutosaver';

/** Query keys of the drafts ('Sesiones en Procesamiento'). */
export const draftKeys = {
  all: ['borradores'] as const,
  ofPatient: (patientId: string) => ['borradores', 'paciente', patientId] as const,
};

type ListItem = SessionDraftListItem;

const newestFirst = (drafts: ListItem[]) => [...drafts].sort((a, b) => b.updated_at.localeCompare(a.updated_at));

/** A whole draft (the autosaver's) as the list keeps it: its transcript's preview instead of the long texts. */
export function toListItem(draft: SessionDraft): ListItem {
  const { analisis_ia_paciente: _analysis, archivo_video_info: video, ...rest } = draft;
  const { script_text, transcript, analisis_ia: _ai, ...file } = video ?? {};
  return { ...rest, archivo_video_info: file, transcripcion_preview: transcriptPreview(script_text, transcript) };
}

/** Drafts saved (or removed: null) while one load of the list was under way, by id. */
type Meanwhile = Map<string, ListItem | null>;

/** The loaded list with what changed during the load laid over it (the answer may predate those changes). */
function overlay(drafts: ListItem[], meanwhile: Meanwhile, patientId: string) {
  const newer = [...meanwhile.values()].filter((d): d is ListItem => d !== null && d.paciente_id === patientId);
  return newestFirst([...newer, ...drafts.filter((d) => !meanwhile.has(d.id))]);
}

/**
 * GET /sesiones-asincronas/drafts/paciente/{id}: the patient's drafts, most recently saved first. The autosaver
 * keeps the entries current (`upsert`/`remove`) without reloading the whole list; a draft it saves while the list
 * loads (one is created as soon as a patient is chosen) is laid over the answer. A failed load is reported once.
 */
export function useDraftList(patientId: string | null) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const queryClient = useQueryClient();
  const loads = useRef(new Set<Meanwhile>());
  const list = useQuery<ListItem[]>({
    queryKey: draftKeys.ofPatient(patientId ?? ''),
    queryFn: async () => {
      const meanwhile: Meanwhile = new Map();
      loads.current.add(meanwhile);
      try {
        return overlay(await dataProvider.getPatientDrafts(patientId!), meanwhile, patientId!);
      } finally {
        loads.current.delete(meanwhile);
      }
    },
    enabled: patientId !== null,
    retry: false,
    networkMode: 'always',
  });
  const { error, refetch } = list;
  useEffect(() => {
    if (error) reportError(error, MSG.drafts.loadListFailed);
  }, [error]);

  const upsert = useCallback(
    (draft: SessionDraft) => {
      const item = toListItem(draft);
      for (const meanwhile of loads.current) meanwhile.set(item.id, item);
      queryClient.setQueryData<ListItem[]>(
        draftKeys.ofPatient(item.paciente_id),
        (drafts) => drafts && newestFirst([item, ...drafts.filter((d) => d.id !== item.id)]),
      );
    },
    [queryClient],
  );
  const remove = useCallback(
    (id: string) => {
      for (const meanwhile of loads.current) meanwhile.set(id, null);
      queryClient.setQueriesData<ListItem[]>({ queryKey: draftKeys.all }, (drafts) => drafts?.filter((d) => d.id !== id));
    },
    [queryClient],
  );
  const reload = useCallback(() => void refetch(), [refetch]);

  return {
    drafts: list.data ?? [],
    loading: patientId !== null && list.isPending,
    failed: list.isError,
    upsert,
    remove,
    reload,
  };
}

/** The calls the autosaver makes: it keeps the open draft itself, outside the query cache. */
export function useAutosaverCalls(): DraftCalls {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useMemo(
    () => ({
      createDraft: (data) => dataProvider.createDraft(data),
      updateDraft: (id, data) => dataProvider.updateDraft(id, data),
      getDraft: (id) => dataProvider.getDraft(id),
      getDraftProgress: (id) => dataProvider.getDraftProgress(id),
      updateDraftOnPageHide: (id, data) => dataProvider.updateDraft(id, data, { keepalive: true }),
      startTranscription: (id) => dataProvider.startTranscription(id),
      startAnalysis: (id) => dataProvider.startAnalysis(id),
      cancelJob: (id) => dataProvider.cancelDraftJob(id),
    }),
    [dataProvider],
  );
}

/** DELETE /sesiones-asincronas/drafts/{id} */
export function useDeleteDraft() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useMutation({ mutationFn: (draftId: string) => dataProvider.deleteDraft(draftId) });
}

/**
 * 'Cancelar procesamiento' of a draft (the open one or another of the list), through the autosaver: the list shows
 * its new state at once; 'Procesamiento cancelado', or the failure with the server's reason (the list is read
 * again then: the job may have ended meanwhile).
 */
export function useCancelDraftJob(saver: DraftAutosaver) {
  const queryClient = useQueryClient();
  const show = (progress: DraftProgress) =>
    queryClient.setQueriesData<ListItem[]>({ queryKey: draftKeys.all }, (drafts) =>
      drafts?.map((d) =>
        d.id === progress.draft_id
          ? { ...d, estado: progress.estado, progreso: progress.progreso, mensaje_error: progress.mensaje_error }
          : d,
      ),
    );
  return useMutation({
    mutationFn: (draftId: string) => saver.cancelJob(draftId),
    onSuccess: (progress) => {
      show(progress);
      toastSuccess(MSG.drafts.cancelled);
    },
    onError: (error) => {
      reportError(error, MSG.drafts.cancelFailed);
      void queryClient.invalidateQueries({ queryKey: draftKeys.all });
    },
  });
}
