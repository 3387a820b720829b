import { AGENDA_LIMITS, fillMessage, MSG } from '@consulta/shared';
import { isDay, parseInstant } from './agenda-time';
import type { AppointmentRange, RangeEnd } from './appointments.query';

const DAY_MS = 86_400_000;

/**
 * The range of GET /citas: `desde` and `hasta` are days (YYYY-MM-DD in the therapist's zone, both included) or
 * instants with their offset; `desde` first, at most 92 days. A Spanish message when it is not one.
 */
export function parseRange(desde: unknown, hasta: unknown): AppointmentRange | { error: string } {
  const end = (value: unknown): RangeEnd | null => {
    if (isDay(value)) return { day: value };
    const instant = parseInstant(value);
    return instant ? { instant } : null;
  };
  const from = end(desde);
  const to = end(hasta);
  if (!from || !to) return { error: MSG.agenda.range };
  // Days count whole (a day's end is the next day's start), measured in UTC: a day range of 92 days is 92 days
  // wherever the therapist is; a range mixing a day and an instant is measured within the zone's offset.
  const ms = (e: RangeEnd, next: boolean) => ('day' in e ? Date.parse(`${e.day}T00:00:00Z`) + (next ? DAY_MS : 0) : e.instant.getTime());
  const span = ms(to, true) - ms(from, false);
  if (span <= 0) return { error: MSG.agenda.range };
  if (span > AGENDA_LIMITS.rangeMaxDays * DAY_MS) {
    return { error: fillMessage(MSG.agenda.rangeTooLong, { max: AGENDA_LIMITS.rangeMaxDays }) };
  }
  return { desde: from, hasta: to };
}
