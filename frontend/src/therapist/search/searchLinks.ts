import { THERAPIST_BASE } from '../../app/routesConfig';

/** The search page's path under the therapist shell, and its query in the address. */
export const SEARCH_PATH = 'busqueda';
export const SEARCH_PARAM = 'q';
/** The sessions tab's own search in its address. */
export const TAB_SEARCH_PARAM = 'buscar';
/** Typing settles this long before a search is asked. */
export const SEARCH_TYPING_MS = 300;

export const searchPageUrl = (q: string): string => `${THERAPIST_BASE}/${SEARCH_PATH}?${new URLSearchParams({ [SEARCH_PARAM]: q })}`;
