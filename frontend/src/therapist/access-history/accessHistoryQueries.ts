import type { AccessKind } from '@consulta/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ConsultaDataProvider } from '../../app/providers/dataProvider';
import { retryDelay, shouldRetry } from '../../shell/retry';

export const accessHistoryKeys = {
  page: (patientId: string, kind: AccessKind | '', page: number, perPage: number) =>
    ['access-history', 'groups', patientId, kind, page, perPage] as const,
};

/** One page of the patient's access history in groups, of one kind or all ('') (the previous page stays while the next loads). */
export function useAccessHistory(patientId: string, kind: AccessKind | '', page: number, perPage: number) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery({
    queryKey: accessHistoryKeys.page(patientId, kind, page, perPage),
    queryFn: () =>
      dataProvider.getAccessHistoryGroups(patientId, { start: page * perPage, end: page * perPage + perPage - 1, tipo: kind || undefined }),
    placeholderData: keepPreviousData,
    retry: shouldRetry,
    retryDelay,
  });
}
