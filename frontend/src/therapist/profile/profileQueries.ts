import { dialCodeOf, type TherapistProfile, type TherapistProfileUpdate } from '@consulta/shared';
import { usePublicConfig } from '../../app/core/publicConfig';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ConsultaDataProvider } from '../../app/providers/dataProvider';
import { retryDelay, shouldRetry } from '../../shell/retry';
import { agendaKeys } from '../agenda/agendaKeys';

export const therapistProfileKeys = {
  mine: ['terapeuta', 'perfil'] as const,
};

/** GET /terapeuta/perfil */
export function useTherapistProfile() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  return useQuery<TherapistProfile>({
    queryKey: therapistProfileKeys.mine,
    queryFn: () => dataProvider.getTherapistProfile(),
    retry: shouldRetry,
    retryDelay,
  });
}

/**
 * The dial code a phone field of this therapist starts with: their practice's country ('Mi Perfil'), else the
 * server's DEFAULT_COUNTRY, else Spain's (while they load).
 */
export function usePracticeDialCode(): string {
  const profile = useTherapistProfile();
  const config = usePublicConfig();
  return dialCodeOf(profile.data?.pais ?? config?.pais);
}

/** PUT /terapeuta/perfil: the answer (the updated profile) replaces the loaded one. */
export function useUpdateTherapistProfile() {
  const dataProvider = useDataProvider<ConsultaDataProvider>();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: TherapistProfileUpdate) => dataProvider.updateTherapistProfile(changes),
    onSuccess: (profile) => {
      queryClient.setQueryData(therapistProfileKeys.mine, profile);
      // The agenda's days are the zone's: what was read in the previous zone is read again.
      void queryClient.invalidateQueries({ queryKey: agendaKeys.all });
    },
  });
}
