import type { SessionSearchResult } from '@consulta/shared';
import type { HttpClient } from '../../app/core/http';

export interface SessionSearchParams {
  q: string;
  /** Only this patient's sessions. */
  pacienteId?: string | null;
  limit?: number;
}

export const searchCalls = (http: HttpClient) => ({
  /** GET /busqueda/sesiones: the sessions of the therapist's patients (or one patient's) matching `q`, best first. */
  searchSessions: ({ q, pacienteId, limit }: SessionSearchParams) => {
    const query = new URLSearchParams({ q });
    if (pacienteId) query.set('paciente_id', pacienteId);
    if (limit) query.set('limit', String(limit));
    return http.get<SessionSearchResult[]>(`/busqueda/sesiones?${query}`);
  },
});

export type SearchCalls = ReturnType<typeof searchCalls>;
