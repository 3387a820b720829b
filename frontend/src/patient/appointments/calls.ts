import type { PatientAppointment, PatientAppointmentsResponse } from '@consulta/shared';
import { segment, type HttpClient } from '../../app/core/http';

/** The patient's own appointments ('Mis citas'): never the therapist's notes. */
export const myAppointmentCalls = (http: HttpClient) => ({
  /** GET /pacientes/perfil/citas: the upcoming ones and those of the last 30 days, with the therapist's zone. */
  myAppointments: () => http.get<PatientAppointmentsResponse>('/pacientes/perfil/citas'),
  /** POST /pacientes/perfil/citas/{id}/confirmar */
  confirmMyAppointment: (id: string) => http.post<PatientAppointment>(`/pacientes/perfil/citas/${segment(id)}/confirmar`, {}),
  /** POST /pacientes/perfil/citas/{id}/cancelar: 409 TOO_LATE_TO_CANCEL under the limit. */
  cancelMyAppointment: (id: string, motivo: string | null) =>
    http.post<PatientAppointment>(`/pacientes/perfil/citas/${segment(id)}/cancelar`, motivo ? { motivo } : {}),
});

export type MyAppointmentCalls = ReturnType<typeof myAppointmentCalls>;
