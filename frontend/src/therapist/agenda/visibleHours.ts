import { wallClockOf } from './zonedTime';

/** The hours a day of the agenda shows when none of its appointments falls outside them. */
export const WORKING_HOURS = { from: 7, to: 21 } as const;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The hours the calendar shows for these appointments, in the zone: the working day, widened to take in any that
 * starts earlier or ends later (so none is ever hidden). As FullCalendar's slotMinTime / slotMaxTime ('06:00:00').
 */
export function visibleHours(appointments: readonly { inicio: string; fin: string }[], zone: string): { min: string; max: string } {
  let from: number = WORKING_HOURS.from;
  let to: number = WORKING_HOURS.to;
  for (const a of appointments) {
    const start = wallClockOf(a.inicio, zone);
    const end = wallClockOf(a.fin, zone);
    from = Math.min(from, Number(start.time.slice(0, 2)));
    // An end on a later day (past midnight) takes the day to its end.
    const endHour = end.date > start.date ? 24 : Number(end.time.slice(0, 2)) + (end.time.endsWith(':00') ? 0 : 1);
    to = Math.max(to, endHour);
  }
  return { min: `${pad(from)}:00:00`, max: `${pad(Math.min(24, to))}:00:00` };
}
