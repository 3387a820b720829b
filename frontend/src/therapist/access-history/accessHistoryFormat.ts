import { ACCESS_ACTIONS, ACCESS_KINDS, type AccessGroupEntry, type AccessHistoryGroup, type AccessHistoryItem } from '@consulta/shared';
import { formatDateTimeEs, LOCALE, parseDate } from '../../i18n/format';

/** What one entry of the access history says, in the words the therapist reads. */
export interface AccessHistoryLine {
  what: string;
  who: string;
  when: string;
  from: string;
  result: string;
  ok: boolean;
}

const ROLE_LABELS = { terapeuta: 'Terapeuta', paciente: 'Paciente' } as const;

/** Browsers by their marks, most specific first (Edge and Opera also say Chrome; Chrome also says Safari). */
const BROWSERS: [RegExp, string][] = [
  [/Edg\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/Chrom(?:e|ium)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+).*Safari/, 'Safari'],
];

/** 'Chrome 131', 'Firefox 133', 'Safari 18'... or the user agent's first word. */
export function browserOf(agent: string | null): string | null {
  if (!agent) return null;
  for (const [pattern, name] of BROWSERS) {
    const version = pattern.exec(agent)?.[1];
    if (version) return `${name} ${version}`;
  }
  return agent.split(/[\s/]/)[0] || null;
}

/** 'Lectura · Sesión': what one access read or did. */
export const whatOf = (entry: Pick<AccessHistoryItem, 'accion' | 'tipo'>): string =>
  `${ACCESS_ACTIONS[entry.accion]} · ${ACCESS_KINDS[entry.tipo]}`;

/** An access's result: 'Correcto', or 'Fallido (404)'. */
export const resultOf = (entry: Pick<AccessHistoryItem, 'exito' | 'estado_http'>): string =>
  entry.exito ? 'Correcto' : `Fallido (${entry.estado_http})`;

/** What a visit read and did, each once with its count, in the order it first happened. */
export function visitContents(entries: readonly AccessGroupEntry[]): { what: string; times: number }[] {
  const counts = new Map<string, number>();
  for (const entry of [...entries].reverse()) counts.set(whatOf(entry), (counts.get(whatOf(entry)) ?? 0) + 1);
  return [...counts].map(([what, times]) => ({ what, times }));
}

export function describeAccess(item: AccessHistoryItem): AccessHistoryLine {
  const role = ROLE_LABELS[item.usuario_rol];
  const browser = browserOf(item.agente);
  return {
    what: whatOf(item),
    who: `${item.usuario_nombre ?? 'Usuario eliminado'} (${role})`,
    when: formatDateTimeEs(item.fecha),
    from: [item.ip, browser].filter(Boolean).join(' · ') || 'Desconocido',
    result: resultOf(item),
    ok: item.exito,
  };
}

const timeOf = (value: string): string => parseDate(value)?.toLocaleTimeString(LOCALE, { hour: '2-digit', minute: '2-digit' }) ?? '';

const sameLocalDay = (a: string, b: string): boolean => parseDate(a)?.toDateString() === parseDate(b)?.toDateString();

/**
 * When a group happened: its one time; from its first to its last time on one day ('20/11/2026, 10:00–10:09');
 * or both date-times when it crosses midnight.
 */
export function groupWhen(group: Pick<AccessHistoryGroup, 'desde' | 'fecha' | 'veces'>): string {
  const last = formatDateTimeEs(group.fecha);
  if (group.veces === 1) return last;
  const first = formatDateTimeEs(group.desde);
  if (!sameLocalDay(group.desde, group.fecha)) return `${first} – ${last}`;
  const [firstTime, lastTime] = [timeOf(group.desde), timeOf(group.fecha)];
  return firstTime === lastTime ? first : `${first}–${lastTime}`;
}
