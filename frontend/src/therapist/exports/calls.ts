import type { PatientExport } from '@consulta/shared';
import { segment, type HttpClient } from '../../app/core/http';

/** The therapist's exports of one patient (issue 17); the download is the shared `exportDownload`. */
export const patientExportCalls = (http: HttpClient) => ({
  /** GET /pacientes/exportaciones/{id}: the caller's exports of this patient, the latest first. */
  getPatientExports: (patientId: string) => http.get<PatientExport[]>(`/pacientes/exportaciones/${segment(patientId)}`),
  /** POST /pacientes/exportaciones/{id}: 202 with the new export (pendiente); 409 EXPORT_BUSY while one is being made. */
  requestPatientExport: (patientId: string) => http.post<PatientExport>(`/pacientes/exportaciones/${segment(patientId)}`),
});

export type PatientExportCalls = ReturnType<typeof patientExportCalls>;
