import { PATIENT_BASE } from '../app/routesConfig';
import { sectionUrl } from '../shell/config';

/**
 * URL segment of each section of the patient shell ('' is its home). Kept apart from sections.tsx, which imports
 * every page, so that pages can link to one another.
 */
export const PATIENT_SEGMENTS = {
  home: '',
  appointments: 'citas',
  questionnaires: 'cuestionarios',
  sessions: 'sesiones',
  exercises: 'ejercicios',
  chat: 'chat-ia',
  aiData: 'que-se-envia-a-la-ia',
  profile: 'perfil',
} as const;

type PatientSectionId = keyof typeof PATIENT_SEGMENTS;

/** Their URLs. */
export const PATIENT_PATHS = Object.fromEntries(
  Object.entries(PATIENT_SEGMENTS).map(([id, path]) => [id, sectionUrl(PATIENT_BASE, { path })]),
) as Record<PatientSectionId, string>;
