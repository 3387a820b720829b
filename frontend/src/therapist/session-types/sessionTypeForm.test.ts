import { MSG } from '@consulta/shared';
import { describe, expect, it } from 'vitest';
import { buildSessionTypePayload, emptySessionTypeForm, move, newField, priceText, validateSessionType } from './sessionTypeForm';

describe('session type form', () => {
  it('new fields are text and required', () => {
    expect(newField()).toMatchObject({ tipo: 'text', requerido: true, nombre: '' });
  });

  it('checks name, value and fields with the spec messages', () => {
    const field = { ...newField(), nombre: ' ' };
    const select = { ...newField(), nombre: 'Elige', tipo: 'select' as const, opciones: ' \n ' };
    const errors = validateSessionType({ ...emptySessionTypeForm(), nombre: '  ', valor: '0', campos: [field, select] });
    expect(errors.nombre).toBe(MSG.sessionTypes.nameRequired);
    expect(errors.valor).toBe(MSG.sessionTypes.value);
    expect(errors.campos).toEqual({ [field.key]: MSG.sessionTypes.fieldName, [select.key]: `${MSG.sessionTypes.selectOptions}: Elige` });
    expect(validateSessionType({ ...emptySessionTypeForm(), nombre: 'A', valor: '10.005' }).valor).toBe(MSG.sessionTypes.valueDecimals);
    expect(validateSessionType({ ...emptySessionTypeForm(), nombre: 'A', valor: '0.01' })).toEqual({});
  });

  it('builds the payload: valor as the typed amount, options only for select', () => {
    const payload = buildSessionTypePayload({
      nombre: ' Pareja ',
      descripcion: ' ',
      valor: '99.99',
      activo: true,
      campos: [
        { ...newField(), nombre: 'Asistentes', tipo: 'select', opciones: 'Ambos\n\n Uno ' },
        { ...newField(), nombre: 'Notas', tipo: 'textarea', opciones: 'x', placeholder: ' Escribe ' },
      ],
    });
    expect(payload).toEqual({
      nombre: 'Pareja',
      descripcion: null,
      valor: 99.99,
      activo: true,
      campos: [
        { nombre: 'Asistentes', tipo: 'select', requerido: true, placeholder: null, opciones: ['Ambos', 'Uno'] },
        { nombre: 'Notas', tipo: 'textarea', requerido: true, placeholder: 'Escribe', opciones: [] },
      ],
    });
    expect(JSON.stringify({ valor: payload.valor })).toBe('{"valor":99.99}');
  });

  it('takes a price typed as in Spain, and reorders fields', () => {
    expect(priceText(' 35,50 ')).toBe('35.50');
    expect(validateSessionType({ ...emptySessionTypeForm(), nombre: 'Pareja', valor: '35,50' }).valor).toBeUndefined();
    expect(buildSessionTypePayload({ ...emptySessionTypeForm(), nombre: 'Pareja', valor: '35,50' }).valor).toBe(35.5);
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});
