/** A person the practice knows, as the records hold them: what a request to the provider must not carry. */
export interface KnownPerson {
  /** The first name (patients), or the whole name (the therapist's account holds one `name`). */
  nombre: string;
  apellido: string | null;
  email: string | null;
  /** Each as written in the record, e.g. +573001234567 or '612 34 56 78'. */
  telefonos: (string | null)[];
  /** ISO date (YYYY-MM-DD). */
  fechaNacimiento: string | null;
}

/**
 * The people of one request: the therapist, the patient it is about (`subject`, null for practice-wide calls), and
 * the other patients of the practice.
 */
export interface KnownPeople {
  therapist: KnownPerson;
  subject: KnownPerson | null;
  others: KnownPerson[];
}
