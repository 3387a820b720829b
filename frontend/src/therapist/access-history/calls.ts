import type { AccessHistoryGroup, AccessKind } from '@consulta/shared';
import { segment, type HttpClient } from '../../app/core/http';

/** Which groups of an access history to read: [start, end] (inclusive) and an optional kind. */
export interface AccessHistoryPage {
  start: number;
  end: number;
  tipo?: AccessKind;
}

export const accessHistoryCalls = (http: HttpClient) => ({
  /**
   * A page of a patient's access history as groups of identical consecutive entries (newest first), optionally of
   * one kind, and how many groups there are.
   */
  getAccessHistoryGroups: async (patientId: string, { start, end, tipo }: AccessHistoryPage) => {
    const query = new URLSearchParams({ range: JSON.stringify([start, end]), ...(tipo ? { filter: JSON.stringify({ tipo }) } : {}) });
    const res = await http.request<AccessHistoryGroup[]>(`/pacientes/historial-accesos/${segment(patientId)}/agrupado?${query}`);
    return { items: res.json, total: Number(res.headers.get('Content-Range')?.split('/')[1] ?? res.json.length) };
  },
});

export type AccessHistoryCalls = ReturnType<typeof accessHistoryCalls>;
