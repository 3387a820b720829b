import type { FileReference } from '../storage/file-reference';

/** The archives of patient exports (`patient_exports.archivo_key`): deleted with the patient. */
export const EXPORT_ARCHIVE_FILES: FileReference = {
  refersTo: (key) => `exists (select 1 from patient_exports px where px.archivo_key = ${key})`,
  keysOf: (patient) => `select x.archivo_key as key from patient_exports x where x.patient_id = ${patient} and x.archivo_key is not null`,
};
