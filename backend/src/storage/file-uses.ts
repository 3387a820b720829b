import type { FileReference } from './file-reference';

/**
 * The SQL over every kind of record that refers to a stored file by its key, built from the list it is given
 * (`files/file-references.ts`, above the domains, hands it to StorageModule.forRoot): storage itself knows no domain.
 */
export class FileUses {
  constructor(private readonly references: readonly FileReference[]) {}

  /** The parts `pick` finds in the references that have one. */
  private parts<T>(pick: (reference: FileReference) => T | undefined): T[] {
    return this.references.flatMap((reference) => {
      const part = pick(reference);
      return part === undefined ? [] : [part];
    });
  }

  /** The condition that the file `key` (e.g. `f.key`) is in use; once it doesn't hold, the file may be deleted. */
  referencedSql(key: string): string {
    return `(${this.parts((r) => r.refersTo?.(key)).join('\n    or ')})`;
  }

  /** Whether patient `patient` may read the file `key`. */
  readableByPatientSql(patient: string, key: string): string {
    return `(${this.parts((r) => r.readableBy?.(patient, key)).join('\n    or ')})`;
  }

  /** The files that belong to patient `?` (deleted with the patient; exercise files are the therapist's). */
  get keysOfPatientSql(): string {
    return `select r.key from (select ?::uuid as id) arg cross join lateral (
    ${this.parts((r) => r.keysOf?.('arg.id')).join('\n    union ')}
  ) r`;
  }

  /** The patients whose records the file `?` belongs to (the access history's answer to "whose file was read?"). */
  get patientsOfKeySql(): string {
    return `select r.id from (select ?::text as key) arg cross join lateral (
    ${this.parts((r) => r.patientsOf?.('arg.key')).join('\n    union ')}
  ) r`;
  }

  /**
   * The stored files an export of patient `?` copies (key, where it belongs, the record it belongs to and that record's
   * label); with drafts (the therapist's export) the therapist-only ones too. Oldest first.
   */
  exportFilesSql(withDrafts: boolean): string {
    return `
  select f.key, x.origen, x.referencia, x.etiqueta, f.file_name as nombre, f.content_type as tipo
  from (select ?::uuid as id) arg cross join lateral (
    ${this.parts((r) => (r.exported && (withDrafts || !r.exported.therapistOnly) ? r.exported.select('arg.id') : undefined)).join('\n    union all ')}
  ) x join stored_files f on f.key = x.key and f.upload_id is null
  order by x.orden, f.key`;
  }
}
