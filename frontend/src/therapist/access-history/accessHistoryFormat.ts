import { ACCESS_ACTIONS, ACCESS_KINDS, type AccessHistoryGroup, type AccessHistoryItem } from '@consulta/shared';
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

export function describeAccess(item: AccessHistoryItem): AccessHistoryLine {
  const role = ROLE_LABELS[item.usuario_rol];
  const browser = browserOf(item.agente);
  return {
    what: `${ACCESS_ACTIONS[item.accion]} · ${ACCESS_KINDS[item.tipo]}`,
    who: `${item.usuario_nombre ?? 'Usuario eliminado'} (${role})`,
    when: formatDateTimeEs(item.fecha),
    from: [item.ip, browser].filter(Boolean).join(' · ') || 'Desconocido',
    result: item.exito ? 'Correcto' : `Fallido (${item.estado_http})`,
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
