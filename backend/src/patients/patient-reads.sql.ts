import type { PracticeScope } from '../access/patient-access.service';

/**
 * The fragments other modules read `patients` through (docs/architecture.md, "SQL owner"): the table is named in
 * patients/ only, so a rename of it, or of a column these fragments read, is made here once.
 */

/** The patients table as `alias`, for another module's `from`. */
export const patientsAs = (alias = 'p'): string => `patients ${alias}`;

/** A join of the patient `alias` whose id is `on`; `left`: the row stays without one. */
export const joinPatient = (on: string, alias = 'p', left = false): string =>
  `${left ? 'left ' : ''}join patients ${alias} on ${alias}.id = ${on}`;

/** The therapist of the patient whose id, as text, is `patient` (a column or a placeholder), a sub-select. */
export const therapistOfPatientSql = (patient: string): string => `(select p.therapist_id from patients p where p.id::text = ${patient})`;

/** A patient's names and their therapist's name and e-mail (patient `?`), for a mail to the therapist. */
export const PATIENT_THERAPIST_CONTACT_SQL = `select t.email, t.name as terapeuta, p.nombre, p.apellido from patients p join users t on t.id = p.therapist_id where p.id = ?`;

/** The condition that `column` is a patient of the scope (a read across the caller's patients), with its parameters. */
export const inPracticeSql = (scope: PracticeScope, column: string): { sql: string; params: unknown[] } => ({
  sql: `${column} in (select id from patients where ${scope.owner} = ?)`,
  params: [scope.userId],
});
