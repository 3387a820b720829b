import type { CreatePatientPayload, InvitationSendPayload, PatientDetail, PatientListItem, PatientUpdatePayload } from '@consulta/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDataProvider } from 'react-admin';
import { errorCode } from '../../app/core/http';
import { reportError } from '../../app/core/reportError';
import type { ConsultaDataProvider } from '../../app/providers/dataProvider';
import { retryDelay, shouldRetry } from '../../shell/retry';
import { PATIENTS_TEXT } from '../../i18n/es/patients';

/** Query keys of the therapist's patients: their list and each one's record. */
export const patientKeys = {
  list: ['pacientes', 'todos'] as const,
  detail: (patientId: string) => ['pacientes', 'unified', patientId] as const,
};

const retries = { retry: shouldRetry, retryDelay };

/**
 * The therapist's patients (GET /pacientes/): the one list the card grid and every patient picker read. With
 * `reportFailure`, a failure is toasted ('Error al cargar pacientes' and its message); otherwise the screen shows it.
 */
export function usePatients({ reportFailure = false } = {}) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const list = useQuery<PatientListItem[]>({
    queryKey: patientKeys.list,
    queryFn: () => dataProvider.getAll<PatientListItem>('pacientes'),
    ...retries,
  });
  const { error } = list;
  useEffect(() => {
    if (reportFailure && error) reportError(error, { title: PATIENTS_TEXT.loadFailed, description: error.message });
  }, [reportFailure, error]);
  return list;
}

/** POST /pacientes/; the list is read again once the credentials have been seen (see PatientsPage). */
export function useCreatePatient() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useMutation({ mutationFn: (payload: CreatePatientPayload) => dataProvider.createPatient(payload) });
}

/** DELETE /pacientes/{id} (react-admin's CRUD delete); the patient leaves the list at once. */
export function useDeletePatient() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patient: PatientListItem) => dataProvider.delete('pacientes', { id: patient.id, previousData: patient }),
    onSuccess: (_answer, patient) =>
      queryClient.setQueryData<PatientListItem[]>(patientKeys.list, (list) => list?.filter((p) => p.id !== patient.id)),
  });
}

/** POST /invitations/send */
export function useInvitePatient() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useMutation({ mutationFn: (payload: InvitationSendPayload) => dataProvider.invitePatient(payload) });
}

/** GET /pacientes/unified/{id} (the shells' retry policy: never a 4xx answer). */
export function usePatientDetail(patientId: string) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<PatientDetail>({
    queryKey: patientKeys.detail(patientId),
    queryFn: () => dataProvider.getPatientDetail(patientId),
    enabled: Boolean(patientId),
    ...retries,
  });
}

/** An unknown or foreign patient (or an id that cannot be one): 'Paciente no encontrado', not a failure. */
export const isMissingPatient = (error: unknown): boolean => {
  const code = errorCode(error);
  return code === 'NOT_FOUND' || code === 'VALIDATION';
};

/** PATCH /pacientes/{id}: the answer (the updated record) replaces the loaded one. */
export function useUpdatePatient(patientId: string) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: PatientUpdatePayload) => dataProvider.updatePatient(patientId, payload),
    onSuccess: (updated) => queryClient.setQueryData(patientKeys.detail(patientId), updated),
  });
}
