import { randomUUID } from 'node:crypto';
import type { EducationEntry } from '@consulta/shared';

export const EDUCATION_MESSAGE =
  'Cada estudio o certificación necesita un título (máx. 200); la institución (máx. 200) y el año (1900-2100) son opcionales';
export const EDUCATION_ID = 'El id de un estudio o certificación es el que dio el servidor (texto de hasta 64 caracteres)';
export const EDUCATION_DUPLICATE = 'Dos estudios o certificaciones de la lista tienen el mismo id';
/** Ids are the server's (uuids) sent back; a longer one is not one of ours. */
const MAX_ID = 64;
/** Entries of one list. */
export const EDUCATION_MAX = 50;

const isEntry = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const shortText = (v: unknown, required: boolean) =>
  v === undefined || v === null ? !required : typeof v === 'string' && v.length <= 200 && (!required || v.trim() !== '');
const validYear = (v: unknown) => v === undefined || v === null || (Number.isInteger(v) && (v as number) >= 1900 && (v as number) <= 2100);
const validId = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.length <= MAX_ID);

/** A studies or certifications list: absent, null (clears it), or at most 50 entries of { id?, titulo, institucion?, año }, ids distinct. */
export function educationError(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.length > EDUCATION_MAX) return EDUCATION_MESSAGE;
  const ok = value.every((e) => isEntry(e) && shortText(e.titulo, true) && shortText(e.institucion, false) && validYear(e.año));
  if (!ok) return EDUCATION_MESSAGE;
  if (!value.every((e: Record<string, unknown>) => validId(e.id))) return EDUCATION_ID;
  const ids = value.map((e: Record<string, unknown>) => e.id).filter((id) => typeof id === 'string' && id !== '');
  return new Set(ids).size === ids.length ? null : EDUCATION_DUPLICATE;
}

export const normalizeEducation = (value: unknown): EducationEntry[] =>
  ((value ?? []) as Record<string, unknown>[]).map((e) => ({
    id: typeof e.id === 'string' && e.id ? e.id : randomUUID(),
    titulo: (e.titulo as string).trim(),
    institucion: typeof e.institucion === 'string' ? e.institucion.trim() : '',
    año: typeof e.año === 'number' ? e.año : null,
  }));
