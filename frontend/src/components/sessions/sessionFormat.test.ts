import { describe, expect, it } from 'vitest';
import { formatDateTimeEs } from '../../i18n/format';
import { customFieldEntries, fieldValueText, formatDuration, sessionTypeLabel, voicesText } from './sessionFormat';

describe('session display helpers', () => {
  it('names built-in types and custom ones', () => {
    expect(sessionTypeLabel({ tipo_sesion: 'psicoterapia', tipo_sesion_nombre: null, personalizada: false })).toBe('Psicoterapia');
    expect(sessionTypeLabel({ tipo_sesion: 'psicodelica', tipo_sesion_nombre: null, personalizada: false })).toBe('Psicodélica');
    expect(sessionTypeLabel({ tipo_sesion: 'Pareja', tipo_sesion_nombre: 'Pareja', personalizada: true })).toBe('Pareja');
    // A custom type that happens to be called like a built-in one keeps its own name.
    expect(sessionTypeLabel({ tipo_sesion: 'psicoterapia', tipo_sesion_nombre: 'psicoterapia', personalizada: true })).toBe('psicoterapia');
    expect(sessionTypeLabel({ tipo_sesion: null, tipo_sesion_nombre: null, personalizada: true })).toBe('Tipo personalizado');
  });

  it("formats durations as 'N min' under an hour and hours and minutes above", () => {
    expect(formatDuration(0)).toBe('0 min');
    expect(formatDuration(50)).toBe('50 min');
    expect(formatDuration(59.6)).toBe('1h');
    expect(formatDuration(90)).toBe('1h 30min');
    expect(formatDuration(120)).toBe('2h');
    expect(formatDuration(null)).toBe('Sin duración');
    expect(formatDuration(-5)).toBe('Sin duración');
  });

  it('formats a date-time in es-ES, in the local zone', () => {
    const local = new Date(2026, 10, 20, 9, 5);
    expect(formatDateTimeEs(local.toISOString())).toBe('20/11/2026, 09:05');
    expect(formatDateTimeEs(null, 'No registrada')).toBe('No registrada');
    expect(formatDateTimeEs('no es una fecha')).toBe('N/A');
  });

  it('shows custom field values: Sí/No, numbers, empty', () => {
    expect(fieldValueText(true)).toBe('Sí');
    expect(fieldValueText(false)).toBe('No');
    expect(fieldValueText(7.5)).toBe('7,5');
    expect(fieldValueText('')).toBe('—');
    expect(fieldValueText(null)).toBe('—');
    expect(fieldValueText('Ambos')).toBe('Ambos');
    expect(customFieldEntries({ Asistentes: 'Ambos', ' ': 'x', Nivel: 3 })).toEqual([
      ['Asistentes', 'Ambos'],
      ['Nivel', 3],
    ]);
    expect(customFieldEntries(null)).toEqual([]);
  });

  it('explains the number of voices', () => {
    expect(voicesText(1)).toBe('1 · Solo el paciente');
    expect(voicesText(2)).toBe('2 · Paciente y terapeuta');
    expect(voicesText(32)).toBe('5+ · Sesión grupal');
    expect(voicesText(null)).toBe('No especificado');
  });
});
