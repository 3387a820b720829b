/** Days as AAAA-MM-DD text (the therapist's calendar days): ordered as text, added in UTC to stay whole days. */

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The day an assignment falls due after the answer to the one due on `due`: `frequencyDays` later, skipping the
 * periods that passed unanswered (never a day already past), or null when none is left (answered once, or past `until`).
 */
export function nextDueDay(due: string, frequencyDays: number, today: string, until: string | null): string | null {
  if (frequencyDays <= 0) return null;
  let next = addDays(due, frequencyDays);
  while (next <= today) next = addDays(next, frequencyDays);
  return until !== null && next > until ? null : next;
}
