import type { DownloadUrlAnswer, PatientExport } from '@consulta/shared';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { retryDelay, shouldRetry } from '../retry';
import { exportPollInterval } from './exportFormat';

/** The calls of one side: the therapist's for one patient, or the signed-in patient's own. */
export interface ExportCalls {
  /** The caller's exports, the latest first. */
  list: () => Promise<PatientExport[]>;
  /** Asks for a new one (202 pendiente; 409 EXPORT_BUSY while one is being made). */
  request: () => Promise<PatientExport>;
  /** A signed URL of a ready archive and its name. */
  download: (exportId: string) => Promise<DownloadUrlAnswer>;
}

/**
 * The list, read again every 2 s while an export is pendiente or generando (and never otherwise), and the request,
 * whose answer goes to the top of the list at once.
 */
export function useExports(queryKey: QueryKey, calls: ExportCalls) {
  const client = useQueryClient();
  const list = useQuery<PatientExport[]>({
    queryKey,
    queryFn: () => calls.list(),
    refetchInterval: (query) => exportPollInterval(query.state.data),
    retry: shouldRetry,
    retryDelay,
  });
  const request = useMutation({
    mutationFn: () => calls.request(),
    onSuccess: (created) => {
      client.setQueryData<PatientExport[]>(queryKey, (old) => [created, ...(old ?? []).filter((e) => e.id !== created.id)]);
    },
    // A refusal (one already being made) or a success: either way the server's list says what there is.
    onSettled: () => client.invalidateQueries({ queryKey }),
  });
  return { list, request };
}
