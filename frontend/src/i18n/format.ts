/** es-ES formatting helpers shared by every screen. */

export const LOCALE = 'es-ES';

/** 'YYYY-MM-DD' is a calendar date: read it as local midnight, not UTC (which may shift the day). */
export function parseDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = dateOnly ? new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 22/11/2026, or the fallback when there is no valid date. */
export function formatDateEs(value: string | Date | null | undefined, fallback = 'N/A'): string {
  const date = parseDate(value);
  return date ? date.toLocaleDateString(LOCALE, { day: '2-digit', month: '2-digit', year: 'numeric' }) : fallback;
}

/** 20/11/2026, 11:00 (es-ES, the browser's zone), or the fallback. */
export function formatDateTimeEs(value: string | Date | null | undefined, fallback = 'N/A'): string {
  const date = parseDate(value);
  if (!date) return fallback;
  return date.toLocaleString(LOCALE, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** 22 de noviembre de 2026 */
export function formatLongDateEs(value: string | Date | null | undefined, fallback = 'N/A'): string {
  const date = parseDate(value);
  return date ? date.toLocaleDateString(LOCALE, { day: 'numeric', month: 'long', year: 'numeric' }) : fallback;
}

/** sábado, 22 de noviembre de 2026 */
export const longDateEs = (date: Date): string =>
  date.toLocaleDateString(LOCALE, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

export { todayIsoDate } from '@consulta/shared';

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * A size in powers of 1024, with one decimal from KB up: '820 B', '1,5 KB', '12,3 MB', '2 GB'. `rounded` drops the
 * decimals that say little, as the upload fields show a file's size: none in KB, none in MB from 10 up ('820 KB',
 * '150 MB', '1,5 MB').
 */
export function formatBytes(bytes: number, { rounded = false } = {}): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  // 1023,96 KB would read '1024 KB': carried over to the next unit.
  if (unit < BYTE_UNITS.length - 1 && Math.round(value * 10) / 10 >= 1024) {
    value /= 1024;
    unit++;
  }
  const whole = unit === 0 || (rounded && (unit === 1 || (unit === 2 && value >= 10)));
  return `${value.toLocaleString(LOCALE, { maximumFractionDigits: whole ? 0 : 1 })} ${BYTE_UNITS[unit]}`;
}

/** Up to two initials from one or more names: 'Ana Martínez' → 'AM'. */
export function initialsOf(...names: (string | null | undefined)[]): string {
  const words = names
    .filter((n): n is string => Boolean(n && n.trim()))
    .join(' ')
    .replace(/^(dra?\.|dr\.|lic\.)\s+/i, '')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0][0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1][0] ?? '') : '';
  return (first + last).toUpperCase();
}
