import { describe, expect, it } from 'vitest';
import { formatDateEs, initialsOf, todayIsoDate } from '../../i18n/format';
import { ageLabel, fullName, matchesSearch, patientInitials, sessionsBadge, timeBadge, yesNo } from './patientFormat';

describe('card formatting', () => {
  it('labels the session count', () => {
    expect(sessionsBadge(0)).toBe('Sin sesiones');
    expect(sessionsBadge(null)).toBe('Sin sesiones');
    expect(sessionsBadge(1)).toBe('1 sesión');
    expect(sessionsBadge(2)).toBe('2 sesiones');
    expect(sessionsBadge(12)).toBe('12 sesiones');
  });

  it('formats the total time as Xh Ym or Ym', () => {
    expect(timeBadge(0)).toBe('0m');
    expect(timeBadge(null)).toBe('0m');
    expect(timeBadge(45)).toBe('45m');
    expect(timeBadge(60)).toBe('1h 0m');
    expect(timeBadge(125)).toBe('2h 5m');
    expect(timeBadge(600)).toBe('10h 0m');
  });

  it('shows the age or says it is not specified', () => {
    expect(ageLabel(null)).toBe('Edad no especificada');
    expect(ageLabel(undefined)).toBe('Edad no especificada');
    expect(ageLabel(0)).toBe('0 años');
    expect(ageLabel(1)).toBe('1 año');
    expect(ageLabel(34)).toBe('34 años');
  });

  it('answers Sí / No / N/A for the history flags', () => {
    expect(yesNo(true)).toBe('Sí');
    expect(yesNo(false)).toBe('No');
    expect(yesNo(null)).toBe('N/A');
  });

  it('builds names and initials', () => {
    expect(fullName({ nombre: 'María José', apellido: 'Pérez' })).toBe('María José Pérez');
    expect(patientInitials({ nombre: 'ángela', apellido: 'Ruiz' })).toBe('ÁR');
    expect(initialsOf('Dra. Ana Martínez')).toBe('AM');
    expect(initialsOf('')).toBe('?');
  });

  it('formats dates es-ES, or N/A', () => {
    expect(formatDateEs('2026-11-05')).toBe('05/11/2026');
    expect(formatDateEs('2026-11-05T10:00:00.000Z')).toMatch(/^0[45]\/11\/2026$/);
    expect(formatDateEs(null)).toBe('N/A');
    expect(formatDateEs('no es fecha')).toBe('N/A');
    expect(todayIsoDate(new Date(2026, 0, 9))).toBe('2026-01-09');
  });

  it('searches first or last name, ignoring case and accents', () => {
    const p = { nombre: 'Lucía', apellido: 'Gómez Ortega' };
    expect(matchesSearch(p, '')).toBe(true);
    expect(matchesSearch(p, 'lucia')).toBe(true);
    expect(matchesSearch(p, 'GOMEZ')).toBe(true);
    expect(matchesSearch(p, 'ortega')).toBe(true);
    expect(matchesSearch(p, 'lucía góm')).toBe(true);
    expect(matchesSearch(p, 'pedro')).toBe(false);
  });
});
