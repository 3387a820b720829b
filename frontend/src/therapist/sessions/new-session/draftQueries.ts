import { MSG, type SessionDraft } from '@consulta/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useDataProvider } from 'react-admin';
import { reportError } from '../../../app/core/reportError';
import type { ConsultaDataProvider } from '../../../app/providers/dataProvider';
import type { DraftCalls } from './draftAutosaver';

/** Query keys of the drafts ('Sesiones en Procesamiento'). */
export const draftKeys = {
  all: ['borradores'] as const,
  ofPatient: (patientId: string) => ['borradores', 'paciente', patientId] as const,
};

const newestFirst = (drafts: SessionDraft[]) => [...drafts].sort((a, b) => b.updated_at.localeCompare(a.updated_at));

/** Drafts saved (or removed: null) while one load of the list was under way, by id. */
type Meanwhile = Map<string, SessionDraft | null>;

/** The loaded list with what changed during the load laid over it (the answer may predate those changes). */
function overlay(drafts: SessionDraft[], meanwhile: Meanwhile, patientId: string) {
  const newer = [...meanwhile.values()].filter((d): d is SessionDraft => d !== null && d.paciente_id === patientId);
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
  const list = useQuery<SessionDraft[]>({
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
      for (const meanwhile of loads.current) meanwhile.set(draft.id, draft);
      queryClient.setQueryData<SessionDraft[]>(
        draftKeys.ofPatient(draft.paciente_id),
        (drafts) => drafts && newestFirst([draft, ...drafts.filter((d) => d.id !== draft.id)]),
      );
    },
    [queryClient],
  );
  const remove = useCallback(
    (id: string) => {
      for (const meanwhile of loads.current) meanwhile.set(id, null);
      queryClient.setQueriesData<SessionDraft[]>({ queryKey: draftKeys.all }, (drafts) => drafts?.filter((d) => d.id !== id));
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
    }),
    [dataProvider],
  );
}

/** DELETE /sesiones-asincronas/drafts/{id} */
export function useDeleteDraft() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useMutation({ mutationFn: (draftId: string) => dataProvider.deleteDraft(draftId) });
}
