import type {
  Appointment,
  CalendarFeedStatus,
  CancelAppointmentPayload,
  CreateAppointmentPayload,
  UpdateAppointmentPayload,
} from '@consulta/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useDataProvider } from 'react-admin';
import { reportError } from '../../app/core/reportError';
import type { ConsultaDataProvider } from '../../app/providers/dataProvider';
import { AGENDA_TEXT } from '../../i18n/es/agenda';
import { retryDelay, shouldRetry } from '../../shell/retry';
import { useTherapistProfile } from '../profile/profileQueries';
import { agendaKeys } from './agendaKeys';
import type { AppointmentRange } from './calls';
import { browserZone } from './zonedTime';

export { agendaKeys };

const retries = { retry: shouldRetry, retryDelay };

/**
 * The therapist's time zone, in which every agenda time is shown and typed (the profile's `zona_horaria`; the
 * browser's only until the profile has answered without one). `ready` once the profile has answered.
 */
export function useAgendaZone(): { zone: string; ready: boolean } {
  const profile = useTherapistProfile();
  const zone = profile.data?.zona_horaria || browserZone();
  return { zone, ready: !profile.isPending };
}

/**
 * GET /citas for a range of days (none while `range` is null). Moving to the next week keeps the previous week's
 * appointments on screen until the new ones arrive. With `reportFailure`, a failure is toasted once.
 */
export function useAppointments(range: AppointmentRange | null, { reportFailure = false } = {}) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const query = useQuery<Appointment[]>({
    queryKey: range ? agendaKeys.range(range) : [...agendaKeys.all, 'ninguno'],
    queryFn: () => dataProvider.getAppointments(range!),
    enabled: range !== null,
    placeholderData: keepPreviousData,
    ...retries,
  });
  const { error, isFetching } = query;
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (!reportFailure || !error || isFetching || reported.current === error) return;
    reported.current = error;
    reportError(error, AGENDA_TEXT.loadFailed);
  }, [reportFailure, error, isFetching]);
  return query;
}

/**
 * After a write: the agenda is read again, and the patients' records (their `proxima_cita` comes from it). Not
 * awaited: a dialog closes as soon as the server has answered.
 */
function useRefreshAgenda() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: agendaKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['pacientes'] });
  }, [queryClient]);
}

/** POST /citas */
export function useCreateAppointment() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const refresh = useRefreshAgenda();
  return useMutation({
    mutationFn: (payload: CreateAppointmentPayload) => dataProvider.createAppointment(payload),
    onSuccess: refresh,
  });
}

/** PATCH /citas/{id} */
export function useUpdateAppointment() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const refresh = useRefreshAgenda();
  return useMutation({
    mutationFn: ({ id, payload }: { id: string; payload: UpdateAppointmentPayload }) => dataProvider.updateAppointment(id, payload),
    onSuccess: refresh,
  });
}

/** POST /citas/{id}/cancelar */
export function useCancelAppointment() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const refresh = useRefreshAgenda();
  return useMutation({
    mutationFn: ({ id, payload }: { id: string; payload: CancelAppointmentPayload }) => dataProvider.cancelAppointment(id, payload),
    onSuccess: refresh,
  });
}

/** GET /citas/calendario (read when its dialog opens). */
export function useCalendarFeed(enabled: boolean) {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<CalendarFeedStatus>({
    queryKey: agendaKeys.feed,
    queryFn: () => dataProvider.getCalendarFeed(),
    enabled,
    ...retries,
  });
}

/** POST /citas/calendario: answers the new address (shown once); the status is read again. */
export function useCreateCalendarFeed() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => dataProvider.createCalendarFeed(),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: agendaKeys.feed }),
  });
}

/** DELETE /citas/calendario */
export function useRevokeCalendarFeed() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => dataProvider.revokeCalendarFeed(),
    onSuccess: () => queryClient.setQueryData<CalendarFeedStatus>(agendaKeys.feed, { activo: false, creado_en: null }),
  });
}
