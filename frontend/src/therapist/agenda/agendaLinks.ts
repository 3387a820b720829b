import { THERAPIST_BASE } from '../../app/routesConfig';

/** The agenda's segment under the therapist's shell (kept apart from sections.tsx, which imports every page). */
export const AGENDA_PATH = 'agenda';
export const AGENDA_URL = `${THERAPIST_BASE}/${AGENDA_PATH}`;
