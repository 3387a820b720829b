import { PROFILE_PHOTO_FILES } from '../auth/profile-photo-files.sql';
import { DRAFT_FILES } from '../drafts/draft-files.sql';
import { EXERCISE_FILES } from '../exercises/exercise-files.sql';
import { EXPORT_ARCHIVE_FILES } from '../exports/export-archive-files.sql';
import { PATIENT_PHOTO_FILES } from '../patients/patient-files.sql';
import { SESSION_FILES } from '../sessions/session-files.sql';
import type { FileReference } from './file-reference';

/**
 * Every kind of record that refers to a stored file by its key, each written by the module that owns its table (a
 * new kind is added here). Listed in one place, imported from the owners' SQL files, which import nothing but the
 * FileReference type: no import circle, and nothing depends on which modules happen to be loaded.
 */
const FILE_REFERENCES: readonly FileReference[] = [
  SESSION_FILES,
  DRAFT_FILES,
  EXERCISE_FILES,
  PROFILE_PHOTO_FILES,
  PATIENT_PHOTO_FILES,
  EXPORT_ARCHIVE_FILES,
];

/** The parts `pick` finds in the references that have one. */
const parts = <T>(pick: (reference: FileReference) => T | undefined): T[] =>
  FILE_REFERENCES.flatMap((reference) => {
    const part = pick(reference);
    return part === undefined ? [] : [part];
  });

/** The condition that the file `key` (e.g. `f.key`) is in use; once it doesn't hold, the file may be deleted. */
export const referencedSql = (key: string): string => `(${parts((r) => r.refersTo?.(key)).join('\n    or ')})`;

/** Whether patient `patient` may read the file `key`. */
export const readableByPatientSql = (patient: string, key: string): string =>
  `(${parts((r) => r.readableBy?.(patient, key)).join('\n    or ')})`;

/** The files that belong to patient `?` (deleted with the patient; exercise files are the therapist's). */
export const keysOfPatientSql = `select r.key from (select ?::uuid as id) arg cross join lateral (
    ${parts((r) => r.keysOf?.('arg.id')).join('\n    union ')}
  ) r`;

/** The patients whose records the file `?` belongs to (the access history's answer to "whose file was read?"). */
export const patientsOfKeySql = `select r.id from (select ?::text as key) arg cross join lateral (
    ${parts((r) => r.patientsOf?.('arg.key')).join('\n    union ')}
  ) r`;

/**
 * The stored files an export of patient `?` copies (key, where it belongs, the record it belongs to and that record's
 * label); with drafts (the therapist's export) the therapist-only ones too. Oldest first.
 */
export const exportFilesSql = (withDrafts: boolean): string => `
  select f.key, x.origen, x.referencia, x.etiqueta, f.file_name as nombre, f.content_type as tipo
  from (select ?::uuid as id) arg cross join lateral (
    ${parts((r) => (r.exported && (withDrafts || !r.exported.therapistOnly) ? r.exported.select('arg.id') : undefined)).join('\n    union all ')}
  ) x join stored_files f on f.key = x.key and f.upload_id is null
  order by x.orden, f.key`;
