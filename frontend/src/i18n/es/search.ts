import { WORKSPACE_TEXT } from './workspace';

const SESSION = WORKSPACE_TEXT.sessions;

const SEARCH_COUNT = {
  results: (n: number) => (n === 1 ? '1 resultado' : `${n} resultados`),
  sessions: (n: number) => (n === 1 ? '1 sesión' : `${n} sesiones`),
};

/** The search across the practice's sessions: the header field, its page and the sessions tab's field. */
export const SEARCH_TEXT = {
  field: 'Buscar en sesiones',
  inPatient: 'Buscar en las sesiones de este paciente',
  submit: 'Buscar',
  clear: 'Limpiar búsqueda',
  hint: 'Palabras con o sin tildes, en cualquier forma (ansiedad, ansiedades); todas deben aparecer. Una "frase entre comillas", exacta.',
  searching: 'Buscando…',
  results: SEARCH_COUNT.results,
  /** How many sessions the results are in (they are grouped by session). */
  sessions: SEARCH_COUNT.sessions,
  /** The count line: '5 resultados en 3 sesiones'. */
  count: (results: number, sessions: number) => `${SEARCH_COUNT.results(results)} en ${SEARCH_COUNT.sessions(sessions)}`,
  /** The list is cut at the API's most: more may exist. */
  firstResults: (n: number, sessions: number) =>
    `Los ${n} mejores resultados, en ${SEARCH_COUNT.sessions(sessions)}: añade palabras para afinar.`,
  none: (q: string) => `Ninguna sesión contiene «${q}».`,
  failed: 'No se pudo buscar en las sesiones',
  session: (n: number) => `Sesión ${n}`,
  /** Where in the transcript the match is: the video opens there. */
  at: (time: string) => `en ${time}`,
  resultsLabel: 'Resultados de la búsqueda',
  /** Where a result matched, when it is not a custom field (whose own name is shown). */
  fields: {
    notas: SESSION.fields.notes,
    temas_importantes: SESSION.fields.topics,
    observaciones: SESSION.fields.observations,
    intencion: SESSION.fields.intention,
    tipo_medicina: SESSION.fields.medicine,
    transcripcion: SESSION.transcript,
    analisis_ia: SESSION.analysisTherapist,
    analisis_ia_paciente: SESSION.analysisPatient,
  } as Record<string, string>,
} as const;
