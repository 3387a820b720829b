import {
  MSG,
  SESSION_ANALYSIS_FIRST_POLL_MS,
  SESSION_ANALYSIS_POLL_MS,
  type Session,
  type SessionSummary,
  type SessionUpdatePayload,
} from '@consulta/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { errorCode } from '../../app/core/http';
import { reportError } from '../../app/core/reportError';
import { toastSuccess } from '../../components/toast/toastStore';
import { sessionKeys, useFetchSession, useStartBackgroundAnalysis, useUpdateSession } from './sessionQueries';

const present = (text: string | null | undefined) => Boolean(text && text.trim());

/** What a list row knows of a session's analyses, from the whole session. */
const summaryPatch = (s: Session): Partial<SessionSummary> => ({
  analisis_estado: s.analisis_estado,
  tiene_transcripcion: present(s.transcripcion),
  tiene_analisis_ia: present(s.analisis_ia),
  tiene_analisis_ia_paciente: present(s.analisis_ia_paciente),
});

/**
 * A saved session's background analysis: starting it, polling GET /sesiones/{id}
 * while it runs (the first poll 2 s after, then every 3 s), and publishing the patient version. Every answer
 * replaces the cached session (the detail shows it) and its list row.
 */
export function useSessionAnalysis(session: Session) {
  const fetchSession = useFetchSession();
  const { mutateAsync: startAnalysis } = useStartBackgroundAnalysis();
  const { mutateAsync: update } = useUpdateSession();
  const queryClient = useQueryClient();
  const [starting, setStarting] = useState(false);
  const { id } = session;
  const generating = session.analisis_estado === 'generando';

  const put = useCallback(
    (s: Session) => {
      queryClient.setQueryData(sessionKeys.one(s.id), s);
      queryClient.setQueryData<SessionSummary[]>(sessionKeys.ofPatient(s.paciente_id), (rows) =>
        rows?.map((row) => (row.id === s.id ? { ...row, ...summaryPatch(s) } : row)),
      );
    },
    [queryClient],
  );

  useEffect(() => {
    if (!generating) return;
    let active = true;
    let failing = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const fresh = await fetchSession(id);
        if (!active) return;
        failing = false;
        put(fresh);
        if (fresh.analisis_estado !== 'generando') return;
      } catch (error) {
        if (!active || errorCode(error) === 'NOT_FOUND') return;
        if (!failing) reportError(error, MSG.drafts.progressCheckFailed);
        failing = true;
      }
      timer = setTimeout(() => void poll(), SESSION_ANALYSIS_POLL_MS);
    };
    timer = setTimeout(() => void poll(), SESSION_ANALYSIS_FIRST_POLL_MS);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [generating, id, fetchSession, put]);

  /** POST start-background-analysis; a refusal is reported (409: the running job's state is read). */
  async function start() {
    setStarting(true);
    try {
      put(await startAnalysis(id));
      toastSuccess(MSG.ai.analysisStarted);
    } catch (error) {
      reportError(error, MSG.ai.analysisStartFailed);
      if (errorCode(error) === 'JOB_RUNNING') fetchSession(id).then(put, () => undefined);
    } finally {
      setStarting(false);
    }
  }

  /** PATCH publishing the patient version (`text` sent only when edited); a failure is thrown back. */
  async function publish(text: string) {
    const changes: SessionUpdatePayload = { analisis_ia_paciente_publicado: true };
    if (text !== (session.analisis_ia_paciente ?? '')) changes.analisis_ia_paciente = text;
    put(await update({ sessionId: id, changes }));
    toastSuccess(MSG.ai.published);
  }

  return { starting, start, publish };
}
