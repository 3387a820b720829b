import type { PatientListItem } from '@consulta/shared';
import { initialsOf } from '../../i18n/format';

/** Card formatting of 'Mis pacientes'. */

export const fullName = (p: Pick<PatientListItem, 'nombre' | 'apellido'>): string =>
  [p.nombre, p.apellido].filter(Boolean).join(' ').trim();

/** Initials from first and last name: 'María José', 'Pérez' → 'MP'. */
export const patientInitials = (p: Pick<PatientListItem, 'nombre' | 'apellido'>): string => {
  const first = (p.nombre ?? '').trim()[0] ?? '';
  const last = (p.apellido ?? '').trim()[0] ?? '';
  return (first + last).toUpperCase() || initialsOf(p.nombre, p.apellido);
};

export function ageLabel(edad: number | null | undefined): string {
  if (edad === null || edad === undefined || Number.isNaN(edad)) return 'Edad no especificada';
  return `${edad} ${edad === 1 ? 'año' : 'años'}`;
}

/** 'Sin sesiones', '1 sesión', 'N sesiones'. */
export function sessionsBadge(count: number | null | undefined): string {
  const n = count ?? 0;
  if (n <= 0) return 'Sin sesiones';
  if (n === 1) return '1 sesión';
  return `${n} sesiones`;
}

/** Total time: 'Xh Ym' from one hour on, 'Ym' below. */
export function timeBadge(minutes: number | null | undefined): string {
  const total = Math.max(0, Math.round(minutes ?? 0));
  const h = Math.floor(total / 60);
  const m = total % 60;
  return h > 0 ? `${h}h ${m}m` : `${m}m`;
}

/** History flags: Sí / No / N/A (unknown). */
export function yesNo(value: boolean | null | undefined): 'Sí' | 'No' | 'N/A' {
  if (value === true) return 'Sí';
  if (value === false) return 'No';
  return 'N/A';
}

/** Accent- and case-insensitive text for searching. */
export const foldText = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/** The search box of Mis pacientes: matches the first or the last name (or both, 'ana gar'). */
export function matchesSearch(p: Pick<PatientListItem, 'nombre' | 'apellido'>, search: string): boolean {
  const q = foldText(search);
  if (!q) return true;
  const nombre = foldText(p.nombre ?? '');
  const apellido = foldText(p.apellido ?? '');
  return nombre.includes(q) || apellido.includes(q) || `${nombre} ${apellido}`.includes(q);
}

/** A stable, calm avatar colour per patient. */
const AVATAR_COLORS = ['#2f6f73', '#5b6bb0', '#7a5c9e', '#3f7f5f', '#a0643a', '#3d6f99', '#8a5a6b'];
export function avatarColor(seed: string): string {
  let hash = 0;
  for (const ch of seed) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return AVATAR_COLORS[hash % AVATAR_COLORS.length];
}
