import { describe, expect, it } from 'vitest';
import { daysInTherapy, firstNameOf } from './dashboardFormat';

describe('daysInTherapy', () => {
  const today = new Date(2026, 10, 24, 9, 30);

  it('counts calendar days from the admission date', () => {
    expect(daysInTherapy('2026-11-24', today)).toBe(0);
    expect(daysInTherapy('2026-11-23', today)).toBe(1);
    expect(daysInTherapy('2026-10-25', today)).toBe(30);
    expect(daysInTherapy('2025-11-24', today)).toBe(365);
  });

  it('is the same at any hour, across a daylight-saving change', () => {
    expect(daysInTherapy('2026-10-20', new Date(2026, 10, 24, 0, 5))).toBe(35);
    expect(daysInTherapy('2026-10-20', new Date(2026, 10, 24, 23, 55))).toBe(35);
  });

  it('a date still ahead counts 0; no date (or a bad one) is null, shown as N/A', () => {
    expect(daysInTherapy('2026-12-01', today)).toBe(0);
    expect(daysInTherapy(null, today)).toBeNull();
    expect(daysInTherapy(undefined, today)).toBeNull();
    expect(daysInTherapy('no es una fecha', today)).toBeNull();
  });
});

describe('firstNameOf', () => {
  it.each([
    ['María José Pérez', 'María'],
    ['  Lucía ', 'Lucía'],
    ['', ''],
    [null, ''],
  ])('%j → %j', (name, first) => expect(firstNameOf(name)).toBe(first));
});
