/**
 * How the records of one table refer to stored files by key. The module that owns the table writes its own, and
 * file-references.ts lists them all. Each part is SQL over the expressions it is given (a column or a placeholder);
 * a part that does not apply to the table is left out. (No jsonb `?` operator: `?` is a query parameter.)
 */
export interface FileReference {
  /** A condition: some record refers to the file `key`. A file is in use while one holds (then it is never deleted). */
  refersTo?: (key: string) => string;
  /** A condition: patient `patient` may read the file `key` through such a record. */
  readableBy?: (patient: string, key: string) => string;
  /** A select of `key`: the files of patient `patient`'s records, deleted with the patient. */
  keysOf?: (patient: string) => string;
  /** A select of `id` (text): the patients whose records the file `key` belongs to (whose file was read). */
  patientsOf?: (key: string) => string;
  /**
   * A select of `key, origen, referencia, etiqueta, orden`: the files an export of patient `patient` copies (where
   * each belongs, the record it belongs to, that record's label, and what they are ordered by); `therapistOnly`:
   * in the therapist's export only, not in the patient's own.
   */
  exported?: { select: (patient: string) => string; therapistOnly?: true };
}
