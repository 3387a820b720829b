import type {
  CreatePatientPayload,
  CreatePatientResponse,
  InvitationSendPayload,
  InvitationSendResponse,
  PatientDetail,
  PatientUpdatePayload,
} from '@consulta/shared';
import { segment, type HttpClient } from '../../app/core/http';

/** The therapist's patients (their list is the data provider's `getAll('pacientes')`) and the invitations. */
export const patientCalls = (http: HttpClient) => ({
  /** GET /pacientes/unified/{id}: the therapist's view of one patient, with live totals. */
  getPatientDetail: (patientId: string) => http.get<PatientDetail>(`/pacientes/unified/${segment(patientId)}`),
  /** POST /pacientes/: the answer carries the temporary password to hand over. */
  createPatient: (data: CreatePatientPayload) => http.post<CreatePatientResponse>('/pacientes/', data),
  /** PATCH /pacientes/{id}: only the fields sent change. */
  updatePatient: (patientId: string, data: PatientUpdatePayload) => http.patch<PatientDetail>(`/pacientes/${segment(patientId)}`, data),
  /** POST /invitations/send: by e-mail the server mails the link; by WhatsApp it answers a wa.me link. */
  invitePatient: (data: InvitationSendPayload) => http.post<InvitationSendResponse>('/invitations/send', data),
});

export type PatientCalls = ReturnType<typeof patientCalls>;
