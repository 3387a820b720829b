import type { Session } from '@consulta/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { THERAPIST_BASE } from '../../app/routesConfig';

/** `?sesion=<id>` on the patient's sessions tab opens that session's detail. */
export const SESSION_PARAM = 'sesion';

export const sessionDetailUrl = (patientId: string, sessionId: string): string =>
  `${THERAPIST_BASE}/pacientes/${encodeURIComponent(patientId)}/sesiones?${SESSION_PARAM}=${encodeURIComponent(sessionId)}`;

/** Goes to a session just saved: its detail, open in the patient's sessions tab. */
export function useShowSavedSession(): (session: Session) => void {
  const navigate = useNavigate();
  return useCallback((session: Session) => void navigate(sessionDetailUrl(session.paciente_id, session.id)), [navigate]);
}
