/** A nullable date as an answer gives it: ISO 8601, or null. */
export const isoOrNull = (date: Date | null): string | null => (date ? date.toISOString() : null);
