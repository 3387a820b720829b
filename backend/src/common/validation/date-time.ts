/**
 * An ISO 8601 date-time: 2026-11-23T10:30, with optional seconds, fraction and zone (Z or ±hh:mm). Without a zone
 * it is the server's local time (TZ), as a datetime-local input sends it.
 */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * isIsoDateTime as a schema pattern: the shape, years 1900-9999, months, hours and minutes in range (the days
 * of each month and the instant's year are left to the server).
 */
export const DATE_TIME_PATTERN =
  '^(19[0-9]{2}|[2-9][0-9]{3})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9](:[0-9]{2}(\\.[0-9]{1,6})?)?(Z|[+-][0-9]{2}:[0-9]{2})?$';
/** A calendar date as a schema pattern, with the same years. */
export const DATE_PATTERN = '^(19[0-9]{2}|[2-9][0-9]{3})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$';

export function isIsoDateTime(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DATE_TIME.exec(value);
  if (!m) return false;
  const [, y, mo, d, h, mi] = m.map(Number);
  if (y < 1900 || y > 9999 || mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59) return false;
  const instant = Date.parse(value);
  // The instant itself must stay within year 9999 (23:59-05:00 on 31 Dec 9999 is already year 10000 in UTC).
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate() && !Number.isNaN(instant) && new Date(instant).getUTCFullYear() <= 9999;
}

/**
 * A session date as the API accepts it: a date-time (above) or a calendar date YYYY-MM-DD (read as 12:00 local
 * time, so the day never shifts across zones). Null when it is neither.
 */
export function parseDateOrDateTime(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return isIsoDateTime(`${value}T12:00`) ? new Date(`${value}T12:00`) : null;
  return isIsoDateTime(value) ? new Date(value) : null;
}
