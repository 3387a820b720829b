import { AGENDA_LIMITS, type AppointmentRepeat } from '@consulta/shared';
import { DateTime } from 'luxon';

/** An instant with its offset ('2027-03-16T10:00:00+01:00', '…Z'): what the API takes as a start. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The instant a string names, or null when it is not an instant with its offset. */
export function parseInstant(value: unknown): Date | null {
  if (typeof value !== 'string' || !INSTANT.test(value)) return null;
  const parsed = DateTime.fromISO(value, { setZone: true });
  return parsed.isValid && parsed.year >= 1900 ? parsed.toJSDate() : null;
}

/** Whether a string is a calendar day YYYY-MM-DD. */
export function isDay(value: unknown): value is string {
  return typeof value === 'string' && DAY.test(value) && DateTime.fromISO(value).isValid;
}

/** The start of a day (YYYY-MM-DD) in a zone, as an instant. */
export function startOfDay(day: string, zone: string): Date {
  return DateTime.fromISO(day, { zone }).startOf('day').toJSDate();
}

/** The day (YYYY-MM-DD) an instant falls on in a zone. */
export function dayIn(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toISODate()!;
}

/**
 * The n-th (1-5) weekday (1 Monday … 7 Sunday) of a month at a wall-clock time in a zone; a 5th that the month does
 * not have is its last.
 */
function nthWeekday(year: number, month: number, weekday: number, n: number, time: DateTime, zone: string): DateTime {
  const first = DateTime.fromObject({ year, month, day: 1, hour: time.hour, minute: time.minute }, { zone });
  let day = 1 + ((weekday - first.weekday + 7) % 7) + (n - 1) * 7;
  if (day > first.daysInMonth!) day -= 7;
  return first.set({ day });
}

export type SeriesError = { error: 'tooMany' } | { error: 'untilBeforeStart' };

/**
 * The starts of a series, the first included, each at the same wall-clock time in the therapist's zone (a weekly
 * 10:00 in Madrid stays 10:00 after the change to summer time: the instant moves by an hour). By count (2-52) or
 * until a day (included); more than 52 is refused, as is an end before the start.
 */
export function seriesStarts(start: Date, zone: string, repeat: AppointmentRepeat): Date[] | SeriesError {
  const first = DateTime.fromJSDate(start, { zone });
  const until = repeat.hasta ? DateTime.fromISO(repeat.hasta, { zone }).endOf('day') : null;
  if (until && until < first) return { error: 'untilBeforeStart' };
  const max = AGENDA_LIMITS.seriesMax;
  const count = repeat.veces ?? max + 1;
  const weekOfMonth = Math.ceil(first.day / 7);
  const starts: Date[] = [];
  for (let k = 0; k < count; k++) {
    const next =
      repeat.frecuencia === 'mensual'
        ? nthWeekday(first.plus({ months: k }).year, first.plus({ months: k }).month, first.weekday, weekOfMonth, first, zone)
        : first.plus({ weeks: k * (repeat.frecuencia === 'quincenal' ? 2 : 1) });
    if (until && next > until) break;
    if (starts.length === max) return { error: 'tooMany' };
    starts.push(next.toJSDate());
  }
  return starts;
}

/**
 * Moves `instant` as a wall clock in a zone by what moved `from` to `to` (whole days, and the time of day set to
 * `to`'s): what 'esta y las siguientes' does to the later appointments of a series when one is moved.
 */
export function shiftLike(instant: Date, from: Date, to: Date, zone: string): Date {
  const a = DateTime.fromJSDate(from, { zone });
  const b = DateTime.fromJSDate(to, { zone });
  const days = Math.round(b.startOf('day').diff(a.startOf('day'), 'days').days);
  const moved = DateTime.fromJSDate(instant, { zone }).plus({ days });
  return moved.set({ hour: b.hour, minute: b.minute, second: b.second, millisecond: 0 }).toJSDate();
}

export const addMinutes = (instant: Date, minutes: number): Date => new Date(instant.getTime() + minutes * 60_000);
