import { MSG, SESSION_FIELD_TYPES, blankToNull, type SessionFieldType, type SessionType, type SessionTypePayload } from '@consulta/shared';

export const FIELD_TYPE_LABELS: Record<SessionFieldType, string> = {
  text: 'Texto corto',
  textarea: 'Texto largo',
  number: 'Número',
  select: 'Selección',
  checkbox: 'Casilla',
};
export const FIELD_TYPES = SESSION_FIELD_TYPES;

/** Keys the value input refuses. */
export const BLOCKED_VALUE_KEYS: readonly string[] = ['e', 'E', '+', '-'];

export interface FieldForm {
  /** Stable React key while fields are added, removed and moved. */
  key: string;
  nombre: string;
  tipo: SessionFieldType;
  requerido: boolean;
  placeholder: string;
  /** Select options, one per line. */
  opciones: string;
}

export interface SessionTypeForm {
  nombre: string;
  descripcion: string;
  valor: string;
  activo: boolean;
  campos: FieldForm[];
}

export interface SessionTypeErrors {
  nombre?: string;
  valor?: string;
  /** By field key. */
  campos?: Record<string, string>;
}

let keys = 0;
/** A new field: text and required. */
export const newField = (): FieldForm => ({ key: `f${keys++}`, nombre: '', tipo: 'text', requerido: true, placeholder: '', opciones: '' });

export const emptySessionTypeForm = (): SessionTypeForm => ({ nombre: '', descripcion: '', valor: '', activo: true, campos: [] });

export const sessionTypeToForm = (type: SessionType): SessionTypeForm => ({
  nombre: type.nombre,
  descripcion: type.descripcion ?? '',
  // As written in Spain: '35,50'.
  valor: type.valor.toFixed(2).replace('.', ','),
  activo: type.activo,
  campos: type.campos.map((c) => ({
    ...newField(),
    nombre: c.nombre,
    tipo: c.tipo,
    requerido: c.requerido,
    placeholder: c.placeholder ?? '',
    opciones: c.opciones.join('\n'),
  })),
});

const optionsOf = (text: string): string[] =>
  text
    .split('\n')
    .map((o) => o.trim())
    .filter(Boolean);

export function validateSessionType(form: SessionTypeForm): SessionTypeErrors {
  const errors: SessionTypeErrors = {};
  if (!form.nombre.trim()) errors.nombre = MSG.sessionTypes.nameRequired;
  const typed = priceText(form.valor);
  const valor = Number(typed);
  if (typed === '' || !Number.isFinite(valor) || valor <= 0) errors.valor = MSG.sessionTypes.value;
  else if (!/^(\d+(\.\d{1,2})?|\.\d{1,2})$/.test(typed)) errors.valor = MSG.sessionTypes.valueDecimals;
  const campos: Record<string, string> = {};
  const seen = new Set<string>();
  for (const field of form.campos) {
    const name = field.nombre.trim();
    if (!name) campos[field.key] = MSG.sessionTypes.fieldName;
    else if (seen.has(name.toLowerCase())) campos[field.key] = MSG.sessionTypes.duplicateField;
    else if (field.tipo === 'select' && optionsOf(field.opciones).length === 0)
      campos[field.key] = `${MSG.sessionTypes.selectOptions}: ${name}`;
    seen.add(name.toLowerCase());
  }
  if (Object.keys(campos).length > 0) errors.campos = campos;
  return errors;
}

export const hasSessionTypeErrors = (errors: SessionTypeErrors): boolean => Boolean(errors.nombre || errors.valor || errors.campos);

/**
 * The payload of POST/PUT /tipos-sesion. `valor` is the typed text (at most 2 decimals) as a JSON number, whose
 * shortest form is that same text (Number('99.99') is sent as 99.99), so nothing is rounded.
 */
export function buildSessionTypePayload(form: SessionTypeForm): SessionTypePayload {
  return {
    nombre: form.nombre.trim(),
    descripcion: blankToNull(form.descripcion),
    valor: Number(priceText(form.valor)),
    activo: form.activo,
    campos: form.campos.map((f) => ({
      nombre: f.nombre.trim(),
      tipo: f.tipo,
      requerido: f.requerido,
      placeholder: blankToNull(f.placeholder),
      opciones: f.tipo === 'select' ? optionsOf(f.opciones) : [],
    })),
  };
}

/** A price as typed ('35,50' or '35.50') with a decimal point, for the rules and the payload. */
export const priceText = (typed: string): string => typed.trim().replace(',', '.');

/** Moves the item at `index` one place up (-1) or down (+1). */
export function move<T>(list: T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (target < 0 || target >= list.length) return list;
  const next = [...list];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}
