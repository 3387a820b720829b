import type { Session } from '@consulta/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { THERAPIST_BASE } from '../../app/routesConfig';

/** `?sesion=<id>` on the patient's sessions tab opens that session's detail. */
export const SESSION_PARAM = 'sesion';
/** `&t=<seconds>` opens it at that moment of its video and transcript (a search result in the transcript). */
export const TIME_PARAM = 't';

/** `&marcar=<query>` with `t`: the words of the search that opened it are marked in that turn. */
export const MARK_PARAM = 'marcar';

export const sessionDetailUrl = (patientId: string, sessionId: string, seconds?: number | null, marked?: string): string =>
  `${THERAPIST_BASE}/pacientes/${encodeURIComponent(patientId)}/sesiones?${SESSION_PARAM}=${encodeURIComponent(sessionId)}` +
  (typeof seconds === 'number' ? `&${TIME_PARAM}=${Math.max(0, Math.floor(seconds * 100) / 100)}` : '') +
  (typeof seconds === 'number' && marked?.trim() ? `&${MARK_PARAM}=${encodeURIComponent(marked.trim())}` : '');

/** The moment `?t=` names, or null when it names none. */
export function startTimeOf(params: URLSearchParams): number | null {
  const raw = params.get(TIME_PARAM);
  const seconds = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

/** Goes to a session just saved: its detail, open in the patient's sessions tab. */
export function useShowSavedSession(): (session: Session) => void {
  const navigate = useNavigate();
  return useCallback((session: Session) => void navigate(sessionDetailUrl(session.paciente_id, session.id)), [navigate]);
}
