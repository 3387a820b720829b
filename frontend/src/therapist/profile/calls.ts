import type { TherapistProfile, TherapistProfileUpdate } from '@consulta/shared';
import type { HttpClient } from '../../app/core/http';

/** The signed-in therapist's own profile ('Mi Perfil'), with the agenda's time zone. */
export const therapistProfileCalls = (http: HttpClient) => ({
  getTherapistProfile: () => http.get<TherapistProfile>('/terapeuta/perfil'),
  /** PUT /terapeuta/perfil: every editable field (null clears it). */
  updateTherapistProfile: (data: TherapistProfileUpdate) => http.put<TherapistProfile>('/terapeuta/perfil', data),
});

export type TherapistProfileCalls = ReturnType<typeof therapistProfileCalls>;
