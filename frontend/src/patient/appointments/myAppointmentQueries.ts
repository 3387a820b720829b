import type { PatientAppointment, PatientAppointmentsResponse } from '@consulta/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ConsultaDataProvider } from '../../app/providers/dataProvider';
import { PATIENT_QUERY_OPTIONS, patientAreaKeys } from '../patientQueries';

export const myAppointmentKeys = {
  list: ['paciente', 'citas'] as const,
};

/** GET /pacientes/perfil/citas (read again whenever the page opens: a confirmation elsewhere shows at once). */
export function useMyAppointments() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<PatientAppointmentsResponse>({
    queryKey: myAppointmentKeys.list,
    queryFn: () => dataProvider.myAppointments(),
    ...PATIENT_QUERY_OPTIONS,
    staleTime: 0,
  });
}

/** The answer replaces that appointment in the loaded list; the dashboard's next appointment is read again. */
function useReplaceAppointment() {
  const queryClient = useQueryClient();
  return (changed: PatientAppointment) => {
    queryClient.setQueryData<PatientAppointmentsResponse>(myAppointmentKeys.list, (list) =>
      list
        ? {
            ...list,
            proximas: list.proximas.map((a) => (a.id === changed.id ? changed : a)),
            pasadas: list.pasadas.map((a) => (a.id === changed.id ? changed : a)),
          }
        : list,
    );
    void queryClient.invalidateQueries({ queryKey: patientAreaKeys.dashboard });
  };
}

/** POST /pacientes/perfil/citas/{id}/confirmar */
export function useConfirmMyAppointment() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const replace = useReplaceAppointment();
  return useMutation({ mutationFn: (id: string) => dataProvider.confirmMyAppointment(id), onSuccess: replace });
}

/** POST /pacientes/perfil/citas/{id}/cancelar */
export function useCancelMyAppointment() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const replace = useReplaceAppointment();
  return useMutation({
    mutationFn: ({ id, motivo }: { id: string; motivo: string | null }) => dataProvider.cancelMyAppointment(id, motivo),
    onSuccess: replace,
  });
}
