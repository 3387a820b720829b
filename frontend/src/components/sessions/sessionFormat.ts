import {
  BUILT_IN_SESSION_TYPES,
  NUM_VOCES_OPTIONS,
  voicesMeaning,
  type CampoValor,
  type CamposDatos,
  type Session,
} from '@consulta/shared';
import { TEXT } from '../../i18n/es/app';
import { WORKSPACE_TEXT } from '../../i18n/es/workspace';
import { LOCALE } from '../../i18n/format';

/** Display helpers of a session. */

/** 'Psicoterapia', 'Psicodélica', or the custom type's name. */
export function sessionTypeLabel(session: Pick<Session, 'tipo_sesion' | 'tipo_sesion_nombre' | 'personalizada'>): string {
  if (!session.personalizada) {
    const builtIn = BUILT_IN_SESSION_TYPES.find((t) => t.value === session.tipo_sesion);
    if (builtIn) return builtIn.label;
  }
  return session.tipo_sesion_nombre || session.tipo_sesion || WORKSPACE_TEXT.sessions.customTypeFallback;
}

/** Under an hour 'N min', otherwise 'Xh Ymin' ('2h' on the hour); no duration: 'Sin duración'. */
export function formatDuration(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes) || minutes < 0) return WORKSPACE_TEXT.sessions.noDuration;
  const total = Math.round(minutes);
  if (total < 60) return `${total} min`;
  const h = Math.floor(total / 60);
  const m = total % 60;
  return m === 0 ? `${h}h` : `${h}h ${m}min`;
}

/** A custom field's value as text: Sí/No for checkboxes, es-ES numbers, '—' when empty. */
export function fieldValueText(value: CampoValor | undefined): string {
  if (value === true) return TEXT.common.yes;
  if (value === false) return TEXT.common.no;
  if (typeof value === 'number') return value.toLocaleString(LOCALE);
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value, null, 2);
  return value;
}

/** The custom fields that have a name, in their saved order. */
export const customFieldEntries = (campos: CamposDatos | null | undefined): [string, CampoValor][] =>
  Object.entries(campos ?? {}).filter(([name]) => name.trim() !== '');

/** '2 · Paciente y terapeuta'; 32 is the form's '5+'. */
export function voicesText(n: number | null | undefined): string {
  if (!n) return voicesMeaning(n);
  const label = NUM_VOCES_OPTIONS.find((o) => o.value === n)?.label ?? String(n);
  return `${label} · ${voicesMeaning(n)}`;
}
