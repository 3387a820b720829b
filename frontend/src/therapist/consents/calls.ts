import type { ConsentGrant, ConsentKind, ConsentOverview, ConsentRevocation } from '@consulta/shared';
import { segment, type HttpClient } from '../../app/core/http';

/** A patient's consents, as their therapist records them. */
export const consentCalls = (http: HttpClient) => ({
  getConsents: (patientId: string) => http.get<ConsentOverview>(`/pacientes/consentimientos/${segment(patientId)}`),
  grantConsent: (patientId: string, grant: ConsentGrant) =>
    http.post<ConsentOverview>(`/pacientes/consentimientos/${segment(patientId)}`, grant),
  revokeConsent: (patientId: string, kind: ConsentKind, revocation: ConsentRevocation) =>
    http.post<ConsentOverview>(`/pacientes/consentimientos/${segment(patientId)}/${segment(kind)}/revocar`, revocation),
});

export type ConsentCalls = ReturnType<typeof consentCalls>;
