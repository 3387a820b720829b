import { parseDate } from '../../i18n/format';

const DAY_MS = 86_400_000;

/**
 * Days in therapy: whole calendar days from the admission date to today, 0 on the day itself (or a
 * date still ahead); null without a date (the card shows N/A).
 */
export function daysInTherapy(fechaIngreso: string | null | undefined, today: Date = new Date()): number | null {
  const start = parseDate(fechaIngreso);
  if (!start) return null;
  const midnight = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  return Math.max(0, Math.round((midnight(today) - midnight(start)) / DAY_MS));
}

/** The first word of a name ('María José Pérez' → 'María'), for the greeting. */
export const firstNameOf = (name: string | null | undefined): string => (name ?? '').trim().split(/\s+/)[0] ?? '';
