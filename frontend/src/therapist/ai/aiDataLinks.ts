import { THERAPIST_BASE } from '../../app/routesConfig';

/** 'Qué se envía a la IA' under the therapist shell. */
export const AI_DATA_PATH = 'que-se-envia-a-la-ia';
export const AI_DATA_URL = `${THERAPIST_BASE}/${AI_DATA_PATH}`;
