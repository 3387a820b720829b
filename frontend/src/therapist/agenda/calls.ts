import type {
  Appointment,
  CalendarFeedResponse,
  CalendarFeedStatus,
  CancelAppointmentPayload,
  CreateAppointmentPayload,
  CreateAppointmentResponse,
  UpdateAppointmentPayload,
  UpdateAppointmentResponse,
} from '@consulta/shared';
import { segment, type HttpClient } from '../../app/core/http';

/** The days GET /citas answers (both included, in the therapist's zone), and optionally one patient's. */
export interface AppointmentRange {
  desde: string;
  hasta: string;
  paciente_id?: string;
}

/** The therapist's agenda: appointments, their series and the calendar feed. */
export const agendaCalls = (http: HttpClient) => ({
  /** GET /citas?desde&hasta[&paciente_id]: at most 92 days at once. */
  getAppointments: ({ desde, hasta, paciente_id }: AppointmentRange) => {
    const query = new URLSearchParams({ desde, hasta, ...(paciente_id ? { paciente_id } : {}) });
    return http.get<Appointment[]>(`/citas?${query.toString()}`);
  },
  /** POST /citas: one appointment or a series; 409 APPOINTMENT_OVERLAP names the `conflictos` unless `permitir_solapamiento`. */
  createAppointment: (data: CreateAppointmentPayload) => http.post<CreateAppointmentResponse>('/citas', data),
  /** PATCH /citas/{id}: what is sent changes (`alcance: 'siguientes'`: the later ones of its series too). */
  updateAppointment: (id: string, data: UpdateAppointmentPayload) => http.patch<UpdateAppointmentResponse>(`/citas/${segment(id)}`, data),
  /** POST /citas/{id}/cancelar: mails the patient unless `avisar_paciente: false`. */
  cancelAppointment: (id: string, data: CancelAppointmentPayload) =>
    http.post<UpdateAppointmentResponse>(`/citas/${segment(id)}/cancelar`, data),
  /** GET /citas/calendario: whether a feed exists (its address is shown only when made). */
  getCalendarFeed: () => http.get<CalendarFeedStatus>('/citas/calendario'),
  /** POST /citas/calendario: a new private address (the previous one stops working). */
  createCalendarFeed: () => http.post<CalendarFeedResponse>('/citas/calendario'),
  /** DELETE /citas/calendario */
  revokeCalendarFeed: () => http.delete<unknown>('/citas/calendario'),
});

export type AgendaCalls = ReturnType<typeof agendaCalls>;
