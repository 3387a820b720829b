/**
 * The fragments other modules read `sessions` through (docs/architecture.md, "SQL owner"): the table is named in
 * sessions/ only, so a rename of it, or of a column these fragments read, is made here once.
 */

/** The sessions table as `alias`, for another module's `from` or `join`. */
export const sessionsAs = (alias = 's'): string => `sessions ${alias}`;

/** A join of the session `alias` whose id is `on`. */
export const joinSession = (on: string, alias = 's'): string => `join sessions ${alias} on ${alias}.id = ${on}`;

/** The date of the latest session of patient `patient` (a column or a placeholder), a sub-select. */
export const lastSessionDateSql = (patient: string): string => `(select max(x.fecha) from sessions x where x.patient_id = ${patient})`;

/** How many sessions therapist `therapist` (a column or a placeholder) has recorded, a sub-select. */
export const sessionCountOfTherapistSql = (therapist: string): string =>
  `(select count(*) from sessions where therapist_id = ${therapist})`;

/** The id, number, date and length of the sessions of patient `patient`, a sub-select (the dashboard picks the latest). */
export const sessionHeadsOfPatientSql = (patient: string): string =>
  `select x.id, x.numero_sesion, x.fecha, x.duracion_minutos from sessions x where x.patient_id = ${patient}`;
