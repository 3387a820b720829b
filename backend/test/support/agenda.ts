import type { Appointment, CreateAppointmentPayload } from '@consulta/shared';
import { API, api, bearer, type AppTarget, type Session } from './api';
import { testEnv } from './env';

export const CITAS = `${API}/citas`;
export const MY_CITAS = `${API}/pacientes/perfil/citas`;

/** A body of POST /citas: 50 minutes, presencial, unless told otherwise. */
export function appointmentPayload(
  patientId: string,
  inicio: string,
  overrides: Partial<CreateAppointmentPayload> = {},
): CreateAppointmentPayload {
  return { paciente_id: patientId, inicio, duracion_minutos: 50, modalidad: 'presencial', ...overrides };
}

/** POST /citas as the therapist (201 expected); answers the appointments made (one, or a series). */
export async function createAppointments(
  therapist: Session,
  patientId: string,
  inicio: string,
  overrides: Partial<CreateAppointmentPayload> = {},
  target: Pick<AppTarget, 'appUrl'> = testEnv(),
): Promise<Appointment[]> {
  const res = await api(target)
    .post(CITAS)
    .set(bearer(therapist.token))
    .send(appointmentPayload(patientId, inicio, overrides));
  if (res.status !== 201) throw new Error(`POST /citas answered ${res.status}: ${res.text}`);
  return (res.body as { citas: Appointment[] }).citas;
}

/** An instant `hours` from now (negative: ago), on a whole minute, as the API takes it ('…Z'). */
export function inHours(hours: number): string {
  const at = new Date(Date.now() + hours * 3_600_000);
  at.setUTCSeconds(0, 0);
  return at.toISOString();
}

/**
 * The days the agenda's `desde`/`hasta` must span to hold the appointment starting at `iso` whatever the therapist's
 * zone: its UTC day, with the day before and after (late in the evening in UTC is already tomorrow in Madrid).
 */
export function daysAround(iso: string): { desde: string; hasta: string } {
  const day = (offset: number) => new Date(Date.parse(iso) + offset * 86_400_000).toISOString().slice(0, 10);
  return { desde: day(-1), hasta: day(1) };
}

/** One appointment starting `hours` from now (negative: in the past). */
export async function appointmentIn(
  therapist: Session,
  patientId: string,
  hours: number,
  overrides: Partial<CreateAppointmentPayload> = {},
  target: Pick<AppTarget, 'appUrl'> = testEnv(),
): Promise<Appointment> {
  const [appointment] = await createAppointments(therapist, patientId, inHours(hours), overrides, target);
  return appointment;
}
