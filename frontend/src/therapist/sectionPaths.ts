import { AGENDA_PATH } from './agenda/agendaLinks';
import { AI_DATA_PATH } from './ai/aiDataLinks';
import { SEARCH_PATH } from './search/searchLinks';

/**
 * The therapist shell's section paths by section id (under /dashboard/terapeuta), without their components: the
 * sections list (`sections.tsx`) takes its paths from here, and the browser tests visit every page from here too.
 */
export const THERAPIST_SECTION_PATHS = {
  patients: 'pacientes',
  agenda: AGENDA_PATH,
  'new-session': 'nueva-sesion',
  'session-types': 'tipos-sesiones',
  ai: 'consultar-ia',
  'ai-data': AI_DATA_PATH,
  exercises: 'ejercicios',
  search: SEARCH_PATH,
  profile: 'perfil',
} as const;
