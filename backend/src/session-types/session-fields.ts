import { MSG, SESSION_FIELD_TYPES, type SessionFieldDefinition, type SessionFieldType } from '@consulta/shared';

export const MAX_FIELDS = 50;
const MAX_PLACEHOLDER = 200;
const MAX_OPTIONS = 50;
const MAX_OPTION = 100;
/**
 * Names a session's values are keyed by, so they cannot be those of JavaScript's object built-ins (constructor,
 * toString, __proto__...): JSON tooling on the way (the DTO transformer) would drop or misread such keys.
 */
const RESERVED_NAMES = new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__', 'prototype']);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** The first problem of a `campos` list, or null. Absent or null means no fields. */
export function fieldsError(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || !value.every(isRecord)) return MSG.sessionTypes.fields;
  if (value.length > MAX_FIELDS) return MSG.sessionTypes.tooManyFields;
  const names = new Set<string>();
  for (const field of value) {
    const nombre = text(field.nombre);
    if (!nombre || nombre.length > 100) return MSG.sessionTypes.fieldName;
    if (RESERVED_NAMES.has(nombre)) return `${MSG.sessionTypes.fieldNameReserved}: ${nombre}`;
    if (!SESSION_FIELD_TYPES.includes(field.tipo as SessionFieldType)) return `${MSG.sessionTypes.fieldType}: ${String(field.tipo)}`;
    if (field.requerido !== undefined && field.requerido !== null && typeof field.requerido !== 'boolean') return MSG.sessionTypes.fields;
    if (field.placeholder !== undefined && field.placeholder !== null && typeof field.placeholder !== 'string')
      return MSG.sessionTypes.fields;
    if (text(field.placeholder).length > MAX_PLACEHOLDER) return `${MSG.sessionTypes.placeholder}: ${nombre}`;
    const opciones = field.opciones ?? [];
    if (!Array.isArray(opciones) || !opciones.every((o) => typeof o === 'string')) return MSG.sessionTypes.fields;
    const given = opciones.map(text).filter(Boolean);
    // A select's value is one of its options: a repeated option is two entries no value can tell apart.
    const distinct = new Set(given.map((o) => o.toLowerCase()));
    if (given.length > MAX_OPTIONS || given.some((o) => o.length > MAX_OPTION) || distinct.size !== given.length) {
      return `${MSG.sessionTypes.options}: ${nombre}`;
    }
    if (field.tipo === 'select' && given.length === 0) return `${MSG.sessionTypes.selectOptions}: ${nombre}`;
    const key = nombre.toLowerCase();
    if (names.has(key)) return MSG.sessionTypes.duplicateField;
    names.add(key);
  }
  return null;
}

/** A checked list in its stored shape: trimmed, defaults filled, options kept only for select. */
export function normalizeFields(value: unknown): SessionFieldDefinition[] {
  if (!Array.isArray(value)) return [];
  return (value as Record<string, unknown>[]).map((field) => {
    const tipo = field.tipo as SessionFieldType;
    const placeholder = text(field.placeholder);
    return {
      nombre: text(field.nombre),
      tipo,
      requerido: field.requerido === true,
      placeholder: placeholder || null,
      opciones: tipo === 'select' ? (field.opciones as string[]).map((o) => o.trim()).filter(Boolean) : [],
    };
  });
}
