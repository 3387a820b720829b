import type { SessionSearchResult } from '@consulta/shared';

/** The results of one session: where it matched, the transcript first. */
export interface SessionResultGroup {
  session: SessionSearchResult;
  hits: SessionSearchResult[];
}

/**
 * Results grouped by session, one group per session, in the order of each session's best result (the API answers
 * best first); in a group, the transcript's hit first (it opens the video at its turn), then the others in their
 * order.
 */
export function groupBySession(results: readonly SessionSearchResult[]): SessionResultGroup[] {
  const groups = new Map<string, SessionResultGroup>();
  for (const r of results) {
    const group = groups.get(r.sesion_id);
    if (group) group.hits.push(r);
    else groups.set(r.sesion_id, { session: r, hits: [r] });
  }
  return [...groups.values()].map(({ session, hits }) => {
    const transcript = hits.filter((h) => h.campo === 'transcripcion');
    return { session, hits: [...transcript, ...hits.filter((h) => h.campo !== 'transcripcion')] };
  });
}
