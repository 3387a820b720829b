/**
 * Wall-clock times of a named time zone (the therapist's, never the browser's), with Intl only: the agenda's
 * forms show a start as a day and a time of that zone, and send it back as an instant with that zone's offset
 * for that day (so a 10:00 in March and a 10:00 in April both stay 10:00 across a change of hour).
 */

const pad = (n: number) => String(n).padStart(2, '0');

const PARTS_FORMATS = new Map<string, Intl.DateTimeFormat>();

function partsFormat(zone: string): Intl.DateTimeFormat {
  let format = PARTS_FORMATS.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    PARTS_FORMATS.set(zone, format);
  }
  return format;
}

/** The zone's calendar fields of an instant. */
function fieldsOf(ms: number, zone: string) {
  const parts = Object.fromEntries(
    partsFormat(zone)
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** Minutes the zone is ahead of UTC at an instant (+60 in Madrid in winter, +120 in summer). */
export function offsetMinutes(ms: number, zone: string): number {
  const f = fieldsOf(ms, zone);
  const asUtc = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** '+01:00', '-05:00', '+05:30'. */
export function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export interface WallClock {
  /** YYYY-MM-DD */
  date: string;
  /** HH:mm */
  time: string;
}

/** The day and time an instant reads in the zone. */
export function wallClockOf(instant: string | Date, zone: string): WallClock {
  const f = fieldsOf(new Date(instant).getTime(), zone);
  return { date: `${f.year}-${pad(f.month)}-${pad(f.day)}`, time: `${pad(f.hour)}:${pad(f.minute)}` };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;

/** A real day (YYYY-MM-DD, no 30 February). */
export function isDay(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** A time of day (HH:mm, 00:00-23:59). */
export const isTimeOfDay = (text: string): boolean => {
  const m = TIME.exec(text);
  return Boolean(m && Number(m[1]) < 24 && Number(m[2]) < 60);
};

/**
 * The instant a day and time of the zone name, with that moment's offset: '2027-03-16T10:00:00+01:00'. A time the
 * clocks skip (the hour lost in spring) moves forward by the change; null for a day or time that is no such thing.
 */
export function instantOf(date: string, time: string, zone: string): string | null {
  if (!isDay(date) || !isTimeOfDay(time)) return null;
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // The offset at the wall time read as UTC is close; one more step settles it on either side of a change.
  let offset = offsetMinutes(wall, zone);
  const second = offsetMinutes(wall - offset * 60_000, zone);
  if (second !== offset) offset = second;
  const ms = wall - offset * 60_000;
  const local = wallClockOf(new Date(ms), zone);
  return `${local.date}T${local.time}:00${offsetText(offsetMinutes(ms, zone))}`;
}

/** Whether the zone's clocks show this day and time at all (not in the hour skipped in spring). */
export function existsInZone(date: string, time: string, zone: string): boolean {
  const instant = instantOf(date, time, zone);
  if (!instant) return false;
  const back = wallClockOf(instant, zone);
  return back.date === date && back.time === time;
}

/** A day plus `n` days (n may be negative). */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + n));
  return `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}

/** Today in the zone. */
export const todayIn = (zone: string, now: Date = new Date()): string => wallClockOf(now, zone).date;

/** The zone's day of the week of a date: 0 Sunday … 6 Saturday. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** The browser's zone, for when the therapist's is not known yet. */
export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
