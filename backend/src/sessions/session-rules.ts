import type { SchemaObject } from '@nestjs/swagger';
import { isBuiltInSessionType, MSG, SESSION_LIMITS, type CamposDatos, type SessionFieldDefinition, fillMessage } from '@consulta/shared';

const MAX_FIELDS = 50;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const blank = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** `campos_datos` must be an object of at most 50 plain values (text, number, boolean or null). */
/** What camposDatosShapeError accepts, as a schema. */
export const CAMPOS_DATOS_SCHEMA: SchemaObject = {
  type: 'object',
  description: 'Nombre del campo (hasta 100 caracteres) → valor.',
  maxProperties: MAX_FIELDS,
  additionalProperties: {
    anyOf: [{ type: 'string', maxLength: SESSION_LIMITS.fieldValueMax, nullable: true }, { type: 'number' }, { type: 'boolean' }],
  },
};

export function camposDatosShapeError(value: unknown): string | null {
  if (!isRecord(value)) return MSG.sessions.camposDatos;
  const entries = Object.entries(value);
  if (entries.length > MAX_FIELDS) return MSG.sessions.camposDatos;
  for (const [name, v] of entries) {
    if (name.length > 100) return MSG.sessions.camposDatos;
    if (v === null || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) continue;
    if (typeof v === 'string' && v.length <= SESSION_LIMITS.fieldValueMax) continue;
    return MSG.sessions.camposDatos;
  }
  return null;
}

/** What the rules read of a session: its type and the fields they require. */
export interface SessionRuleInput {
  tipoSesion: string | null;
  campos: SessionFieldDefinition[] | null;
  notas: string | null;
  intencion: string | null;
  tipoMedicina: string | null;
  camposDatos: CamposDatos;
}

/**
 * The first problem of a session to save, or null: psychotherapy needs notes; a psychedelic session
 * its intention and medicine; a custom type every required field, each value of its field's kind, and no field
 * the type does not define.
 */
export function sessionRuleError(s: SessionRuleInput): string | null {
  if (s.campos === null) {
    if (!isBuiltInSessionType(s.tipoSesion)) return MSG.sessions.typeRequired;
    if (s.tipoSesion === 'psicoterapia' && blank(s.notas)) return MSG.sessions.notesRequired;
    if (s.tipoSesion === 'psicodelica' && (blank(s.intencion) || blank(s.tipoMedicina))) return MSG.sessions.psychedelicRequired;
    const extra = Object.keys(s.camposDatos)[0];
    return extra === undefined ? null : fillMessage(MSG.sessions.fieldUnknown, { name: extra });
  }
  return camposDatosError(s.campos, s.camposDatos);
}

/** Custom fields: required ones filled (a required checkbox checked), kinds respected, nothing undefined. */
export function camposDatosError(campos: SessionFieldDefinition[], datos: CamposDatos): string | null {
  const names = new Set(campos.map((c) => c.nombre));
  const unknown = Object.keys(datos).find((k) => !names.has(k));
  if (unknown !== undefined) return fillMessage(MSG.sessions.fieldUnknown, { name: unknown });
  for (const campo of campos) {
    const value = Object.hasOwn(datos, campo.nombre) ? datos[campo.nombre] : undefined;
    const name = campo.nombre;
    const empty = blank(value) || (campo.tipo === 'checkbox' && value === false);
    if (empty) {
      if (campo.requerido) return fillMessage(MSG.sessions.fieldRequired, { name });
      continue;
    }
    if (campo.tipo === 'number' && typeof value !== 'number') return fillMessage(MSG.sessions.fieldNumber, { name });
    if (campo.tipo === 'checkbox' && typeof value !== 'boolean') return fillMessage(MSG.sessions.fieldBoolean, { name });
    if (campo.tipo === 'select' && !campo.opciones.includes(value as string)) return fillMessage(MSG.sessions.fieldOption, { name });
    if ((campo.tipo === 'text' || campo.tipo === 'textarea') && typeof value !== 'string')
      return fillMessage(MSG.sessions.fieldText, { name });
  }
  return null;
}

/** Blank text is no text. */
export const textOrNull = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value.trim() === '' ? null : value;
