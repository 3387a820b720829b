import { SEARCH_LIMITS, parseSearchQuery, type SessionSearchResult } from '@consulta/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ConsultaDataProvider } from '../../app/providers/dataProvider';
import { retryDelay, shouldRetry } from '../../shell/retry';

export const searchKeys = {
  every: ['busqueda'] as const,
  sessions: (q: string, pacienteId: string | null) => ['busqueda', 'sesiones', pacienteId ?? '', q] as const,
};

/** Whether `q` has something the search can look for (a query of only signs would be a 400). */
export const searchable = (q: string): boolean => q.length <= SEARCH_LIMITS.queryMax && parseSearchQuery(q).length > 0;

/**
 * GET /busqueda/sesiones for `q` (trimmed), the most results the API gives; nothing is asked while `q` has no word.
 * The previous results stay on screen while the next ones come. Each search is an entry in the patients' access
 * history, so the same query is not asked again for half a minute.
 */
export function useSessionSearch(q: string, pacienteId: string | null = null) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const query = q.trim();
  return useQuery<SessionSearchResult[]>({
    queryKey: searchKeys.sessions(query, pacienteId),
    queryFn: () => dataProvider.searchSessions({ q: query, pacienteId, limit: SEARCH_LIMITS.maxLimit }),
    enabled: searchable(query),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: shouldRetry,
    retryDelay,
  });
}
