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

/**
 * The people of a practice, for the AI's pseudonymization (ai/pseudonymize/people-directory.ts): the therapist first, then
 * every patient, oldest first (one query, a few ms for 500 patients). Parameters: a patient's id or null, the therapist's id or null.
 */
export const PRACTICE_PEOPLE_SQL = `
  with practice as (
    select coalesce(${therapistOfPatientSql('?')}, ?::uuid) as therapist_id
  )
  select null as patient_id, u.name as nombre, null as apellido, u.email, tp.telefono as telefono_1, null as telefono_2,
         null as fecha_nacimiento, 0 as rank, u.created_at
    from practice join users u on u.id = practice.therapist_id left join therapist_profiles tp on tp.user_id = u.id
  union all
  select p.id::text, p.nombre, p.apellido, u.email, p.telefono_paciente, p.telefono, p.fecha_nacimiento::text, 1, p.fecha_creacion
    from practice join patients p on p.therapist_id = practice.therapist_id join users u on u.id = p.user_id
  order by rank, created_at`;
