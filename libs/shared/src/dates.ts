/** Today as YYYY-MM-DD in local time (the browser's zone; on the server, its TZ). */
export function todayIsoDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const DAY_FORMAT = /* @__PURE__ */ new Intl.DateTimeFormat('es-ES', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar day (YYYY-MM-DD) as Spanish words: 'martes, 16 de marzo de 2027'. */
export const formatDay = (day: string): string => DAY_FORMAT.format(new Date(`${day}T00:00:00Z`));
