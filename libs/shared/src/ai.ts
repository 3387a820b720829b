/**
 * Transcription and the two AI analyses: what the server and the UI share.
 *
 * A draft's jobs keep their state on the draft: `transcribiendo` while the video is transcribed, `procesando`
 * while the analyses are written (the only job that uses that state), back to `borrador` with the results, or
 * `fallido` with `mensaje_error`. A saved session's background analysis keeps its state in `analisis_estado`.
 */

/** A saved session's background analysis: running, failed, or none (null: idle, the result is in the fields). */
export const SESSION_ANALYSIS_STATES = ['generando', 'fallido'] as const;
export type SessionAnalysisState = (typeof SESSION_ANALYSIS_STATES)[number];

/** What a session adds about its analyses (therapist view). */
export interface SessionAnalysisFields {
  analisis_estado: SessionAnalysisState | null;
  /**
   * Whether the patient may read `analisis_ia_paciente`. A session saved from the form publishes the version it
   * was saved with; an analysis written in the background stays hidden until the therapist publishes it.
   */
  analisis_ia_paciente_publicado: boolean;
}

/** The progress display's secondary line while a draft's job runs (the main text is DRAFT_STATUS_TEXT). */
export const DRAFT_JOB_TEXT = {
  transcribiendo: 'Extrayendo el audio y transcribiendo por hablante',
  procesando: 'Generando el análisis IA y la versión para el paciente...',
} as const;

/** The session detail's texts for the background analysis. */
export const SESSION_ANALYSIS_TEXT = {
  generando: 'Generando análisis IA en segundo plano...',
  fallido: 'El análisis falló. Puedes intentar nuevamente.',
  pendiente: 'La versión para el paciente aún no está publicada: el paciente no la ve hasta que la publiques.',
  publicada: 'Publicada para el paciente',
} as const;

/** Polling of a saved session's background analysis (every 3 s, the first after 2 s). */
export const SESSION_ANALYSIS_POLL_MS = 3000;

/** The first poll of a saved session's background analysis comes this long after starting it. */
export const SESSION_ANALYSIS_FIRST_POLL_MS = 2000;

/** Bounds of a transcript segment a draft save may write (the therapist renames speakers and edits turns). */
export const TRANSCRIPT_LIMITS = {
  speakerLabelMax: 50,
  segmentTextMax: 20_000,
} as const;

/**
 * A speaker's name in a transcript: one line of at most TRANSCRIPT_LIMITS.speakerLabelMax characters, no control
 * characters (a line break would split the turn in the transcript's text, one turn a line). Empty is allowed: a
 * transcription without speakers names none.
 */
export const isSpeakerLabel = (label: unknown): label is string =>
  typeof label === 'string' && label.length <= TRANSCRIPT_LIMITS.speakerLabelMax && !/[\p{Cc}\u2028\u2029]/u.test(label);
