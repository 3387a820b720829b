/**
 * The search across a practice's sessions (GET /busqueda/sesiones): what it takes and what it answers. How words
 * are read (accents, word forms, phrases) is in search-terms.ts, shared with the UI that marks them.
 */

export const SEARCH_LIMITS = {
  /** The longest query text, in characters. */
  queryMax: 200,
  /** Results when the request names no limit, and the most it may ask for. */
  defaultLimit: 20,
  maxLimit: 50,
} as const;

/** Where a result matched: a built-in field of the session, or else the name of one of its custom fields. */
export const SEARCH_FIELDS = [
  'notas',
  'temas_importantes',
  'observaciones',
  'intencion',
  'tipo_medicina',
  'transcripcion',
  'analisis_ia',
  'analisis_ia_paciente',
] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** One result: the best-matching passage of one field of one session. */
export interface SessionSearchResult {
  sesion_id: string;
  paciente_id: string;
  /** The patient's first and last names. */
  paciente_nombre: string;
  numero_sesion: number;
  /** ISO 8601 date-time of the session. */
  fecha: string;
  /** A SearchField, or the name of a custom field of the session's type. */
  campo: string;
  /** About 160 characters of the text around the first match, cut at words, with '…' where it was cut. */
  fragmento: string;
  /** The start (seconds into the recording) of the transcript turn the first match is in; null elsewhere. */
  inicio_segundos: number | null;
}
