import type { AppointmentRange } from './calls';

/**
 * Query keys of the agenda (a file of its own: the profile refreshes the agenda when its zone changes, and the
 * agenda reads its zone from the profile).
 */
export const agendaKeys = {
  all: ['citas'] as const,
  range: ({ desde, hasta, paciente_id }: AppointmentRange) => ['citas', 'rango', desde, hasta, paciente_id ?? ''] as const,
  feed: ['citas', 'calendario'] as const,
};
