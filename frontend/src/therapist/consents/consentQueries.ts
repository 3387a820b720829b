import type { ConsentGrant, ConsentKind, ConsentOverview, ConsentRevocation } from '@consulta/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ConsultaDataProvider } from '../../app/providers/dataProvider';
import { retryDelay, shouldRetry } from '../../shell/retry';
import { patientKeys } from '../patients/patientQueries';

export const consentKeys = {
  ofPatient: (patientId: string) => ['consentimientos', patientId] as const,
};

/** GET /pacientes/consentimientos/{id}: the tab and every gate that points to it read this one query. */
export function usePatientConsents(patientId: string | null | undefined) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<ConsentOverview>({
    queryKey: consentKeys.ofPatient(patientId ?? ''),
    queryFn: () => dataProvider.getConsents(patientId!),
    enabled: Boolean(patientId),
    retry: shouldRetry,
    retryDelay,
  });
}

/** Whether `kind` is in force: unknown (null) while loading, so a gate never flashes its refusal. */
export function useConsentGiven(patientId: string | null | undefined, kind: ConsentKind): boolean | null {
  const { data } = usePatientConsents(patientId);
  return data ? data.vigentes[kind] : null;
}

/** Record or revoke; the answer is the new overview, put straight into the query. */
export function useConsentChange(patientId: string) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const client = useQueryClient();
  const onSuccess = (overview: ConsentOverview) => {
    client.setQueryData(consentKeys.ofPatient(patientId), overview);
    // The record's WhatsApp box follows the WhatsApp consent.
    void client.invalidateQueries({ queryKey: patientKeys.detail(patientId) });
  };
  const grant = useMutation({ mutationFn: (body: ConsentGrant) => dataProvider.grantConsent(patientId, body), onSuccess });
  const revoke = useMutation({
    mutationFn: ({ kind, ...body }: ConsentRevocation & { kind: ConsentKind }) => dataProvider.revokeConsent(patientId, kind, body),
    onSuccess,
  });
  return { grant, revoke };
}
