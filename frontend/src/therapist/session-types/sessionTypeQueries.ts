import type { SessionType, SessionTypePayload } from '@consulta/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useDataProvider } from 'react-admin';
import { reportError } from '../../app/core/reportError';
import type { ConsultaDataProvider } from '../../app/providers/dataProvider';
import { retryDelay, shouldRetry } from '../../shell/retry';
import { SESSION_TYPES_TEXT } from '../../i18n/es/session-types';

/**
 * Session types are an owned resource of the CRUD base (app/providers/ownedResources.ts): every call carries the
 * therapist's id, and the list is sorted and paged there.
 */
const RESOURCE = 'tipos-sesion';

/** Query keys of the therapist's session types: whoever changes one refreshes the list. */
export const sessionTypeKeys = {
  list: [RESOURCE, 'todos'] as const,
};

/** Every type in one page (a therapist has a handful). */
const ALL = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'nombre', order: 'ASC' as const }, filter: {} };

/**
 * The therapist's session types, active or not, by name: the one list the types' page and the session form read
 * (the shells' retry policy: never a 4xx answer). With `reportFailure`, each failure is toasted once
 * ('Error al cargar los tipos de sesiones'); otherwise the screen shows it.
 */
export function useSessionTypes({ reportFailure = false } = {}) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const list = useQuery<SessionType[]>({
    queryKey: sessionTypeKeys.list,
    queryFn: async () => (await dataProvider.getList<SessionType>(RESOURCE, ALL)).data,
    retry: shouldRetry,
    retryDelay,
  });
  const { error, isFetching } = list;
  // Once the call has settled (not the failure of a previous call while a new one runs), and once per failure.
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (!reportFailure || !error || isFetching || reported.current === error) return;
    reported.current = error;
    reportError(error, SESSION_TYPES_TEXT.loadFailed);
  }, [reportFailure, error, isFetching]);
  return list;
}

/** Reads the list again (not awaited by the writes: the dialog closes as soon as the server has answered). */
function useRefreshSessionTypes() {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: sessionTypeKeys.list }), [queryClient]);
}

const NO_TYPES: SessionType[] = [];

/**
 * The therapist's session types for the session form, active or not (the form offers the active ones, plus the one a
 * draft or session already has), by name; a failure to load them is toasted once.
 */
export function useFormSessionTypes(): readonly SessionType[] {
  return useSessionTypes({ reportFailure: true }).data ?? NO_TYPES;
}

/** POST /tipos-sesion/, then the list is read again. */
export function useCreateSessionType() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const refresh = useRefreshSessionTypes();
  return useMutation({
    mutationFn: async (payload: SessionTypePayload) => (await dataProvider.create<SessionType>(RESOURCE, { data: payload })).data,
    onSuccess: refresh,
  });
}

/** PUT /tipos-sesion/{id}, then the list is read again. */
export function useUpdateSessionType() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const refresh = useRefreshSessionTypes();
  return useMutation({
    mutationFn: async ({ type, payload }: { type: SessionType; payload: SessionTypePayload }) =>
      (await dataProvider.update<SessionType>(RESOURCE, { id: type.id, data: payload, previousData: type })).data,
    onSuccess: refresh,
  });
}

/** DELETE /tipos-sesion/{id} (the server archives it: sessions recorded with it keep reading it), then the list is read again. */
export function useDeleteSessionType() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const refresh = useRefreshSessionTypes();
  return useMutation({
    mutationFn: async (type: SessionType) => (await dataProvider.delete<SessionType>(RESOURCE, { id: type.id, previousData: type })).data,
    onSuccess: refresh,
  });
}
