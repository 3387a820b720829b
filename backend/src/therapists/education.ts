import { randomUUID } from 'node:crypto';
import type { EducationEntry } from '@consulta/shared';

export const EDUCATION_MESSAGE = 'Cada estudio o certificación necesita un título (máx. 200); la institución (máx. 200) y el año (1900-2100) son opcionales';

const isEntry = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const shortText = (v: unknown, required: boolean) =>
  v === undefined || v === null ? !required : typeof v === 'string' && v.length <= 200 && (!required || v.trim() !== '');
const validYear = (v: unknown) => v === undefined || v === null || (Number.isInteger(v) && (v as number) >= 1900 && (v as number) <= 2100);

/** A studies or certifications list: absent, null (clears it), or at most 50 entries of { titulo, institucion?, año? }. */
export function educationError(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.length > 50) return EDUCATION_MESSAGE;
  const ok = value.every((e) => isEntry(e) && shortText(e.titulo, true) && shortText(e.institucion, false) && validYear(e.año));
  return ok ? null : EDUCATION_MESSAGE;
}

export const normalizeEducation = (value: unknown): EducationEntry[] =>
  ((value ?? []) as Record<string, unknown>[]).map((e) => ({
    id: typeof e.id === 'string' && e.id ? e.id : randomUUID(),
    titulo: (e.titulo as string).trim(),
    institucion: typeof e.institucion === 'string' ? e.institucion.trim() : '',
    año: typeof e.año === 'number' ? e.año : null,
  }));
