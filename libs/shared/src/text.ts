/** A typed text as stored: trimmed, and null when nothing but spaces is left (both sides of the API). */
export const blankToNull = (value: string | null | undefined): string | null => value?.trim() || null;
