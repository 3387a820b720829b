import { THERAPIST_BASE } from '../../../app/routesConfig';

/** The query of 'Registrar sesión' from an appointment: its id, its start (an instant) and its duration. */
export const APPOINTMENT_PARAMS = { id: 'cita', start: 'inicio', minutes: 'duracion' } as const;

export interface AppointmentAsked {
  id: string;
  /** An ISO instant. */
  start: string;
  minutes: number | null;
}

/** The patient's new-session tab, filled from the appointment (patient, day, duration) and carrying its id into the save. */
export function newSessionFromAppointmentUrl(appointment: {
  id: string;
  paciente_id: string;
  inicio: string;
  duracion_minutos: number;
}): string {
  const query = new URLSearchParams({
    [APPOINTMENT_PARAMS.id]: appointment.id,
    [APPOINTMENT_PARAMS.start]: appointment.inicio,
    [APPOINTMENT_PARAMS.minutes]: String(appointment.duracion_minutos),
  });
  return `${THERAPIST_BASE}/pacientes/${encodeURIComponent(appointment.paciente_id)}/nueva-sesion?${query.toString()}`;
}

/** What such a link asks for (null when it names no appointment; a start or duration that is no such thing is left out). */
export function appointmentAskedByLink(params: URLSearchParams): AppointmentAsked | null {
  const id = params.get(APPOINTMENT_PARAMS.id)?.trim();
  if (!id) return null;
  const start = params.get(APPOINTMENT_PARAMS.start) ?? '';
  const minutes = Number(params.get(APPOINTMENT_PARAMS.minutes));
  return {
    id,
    start: start && !Number.isNaN(new Date(start).getTime()) ? start : '',
    minutes: Number.isInteger(minutes) && minutes > 0 ? minutes : null,
  };
}

/** The same query without the appointment (once a draft carries it). */
export function withoutAppointment(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  Object.values(APPOINTMENT_PARAMS).forEach((name) => next.delete(name));
  return next;
}
