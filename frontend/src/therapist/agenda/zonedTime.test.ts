import { describe, expect, it } from 'vitest';
import {
  addDays,
  existsInZone,
  instantOf,
  isDay,
  isTimeOfDay,
  offsetMinutes,
  offsetText,
  todayIn,
  wallClockOf,
  weekdayOf,
} from './zonedTime';

describe('wall-clock times of a named zone', () => {
  it('reads an instant as the zone shows it, whatever the browser zone', () => {
    expect(wallClockOf('2027-03-16T09:00:00Z', 'Europe/Madrid')).toEqual({ date: '2027-03-16', time: '10:00' });
    expect(wallClockOf('2027-07-16T09:00:00Z', 'Europe/Madrid')).toEqual({ date: '2027-07-16', time: '11:00' });
    expect(wallClockOf('2027-03-16T03:30:00Z', 'America/Bogota')).toEqual({ date: '2027-03-15', time: '22:30' });
    expect(wallClockOf('2027-03-16T00:00:00Z', 'Asia/Kolkata')).toEqual({ date: '2027-03-16', time: '05:30' });
  });

  it('gives a day and time of the zone with that moment’s offset, on both sides of a change of hour', () => {
    expect(instantOf('2027-03-16', '10:00', 'Europe/Madrid')).toBe('2027-03-16T10:00:00+01:00');
    expect(instantOf('2027-04-06', '10:00', 'Europe/Madrid')).toBe('2027-04-06T10:00:00+02:00');
    expect(instantOf('2026-11-03', '09:15', 'America/New_York')).toBe('2026-11-03T09:15:00-05:00');
    expect(instantOf('2026-10-27', '09:15', 'America/New_York')).toBe('2026-10-27T09:15:00-04:00');
    expect(instantOf('2027-01-10', '18:00', 'Asia/Kolkata')).toBe('2027-01-10T18:00:00+05:30');
    // The same wall time on the two days around Madrid's spring change.
    expect(new Date(instantOf('2027-03-27', '10:00', 'Europe/Madrid')!).toISOString()).toBe('2027-03-27T09:00:00.000Z');
    expect(new Date(instantOf('2027-03-28', '10:00', 'Europe/Madrid')!).toISOString()).toBe('2027-03-28T08:00:00.000Z');
  });

  it('moves a time the clocks skip forward, and says it does not exist', () => {
    // 2027-03-28 02:00 → 03:00 in Madrid.
    expect(instantOf('2027-03-28', '02:30', 'Europe/Madrid')).toBe('2027-03-28T03:30:00+02:00');
    expect(existsInZone('2027-03-28', '02:30', 'Europe/Madrid')).toBe(false);
    expect(existsInZone('2027-03-28', '03:30', 'Europe/Madrid')).toBe(true);
    // The hour that happens twice in autumn is a real time (its first reading or its second).
    expect(existsInZone('2026-10-25', '02:30', 'Europe/Madrid')).toBe(true);
  });

  it('refuses what is no day or time', () => {
    expect(instantOf('2027-02-30', '10:00', 'Europe/Madrid')).toBeNull();
    expect(instantOf('2027-02-10', '24:00', 'Europe/Madrid')).toBeNull();
    expect(isDay('2027-02-28')).toBe(true);
    expect(isDay('2027-2-28')).toBe(false);
    expect(isTimeOfDay('09:05')).toBe(true);
    expect(isTimeOfDay('9:05')).toBe(false);
  });

  it('counts days, offsets and weekdays', () => {
    expect(addDays('2027-02-27', 2)).toBe('2027-03-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(offsetMinutes(Date.UTC(2027, 0, 1), 'Europe/Madrid')).toBe(60);
    expect(offsetText(-300)).toBe('-05:00');
    expect(offsetText(330)).toBe('+05:30');
    expect(todayIn('Pacific/Kiritimati', new Date('2027-03-16T12:00:00Z'))).toBe('2027-03-17');
    expect(weekdayOf('2027-03-16')).toBe(2);
  });
});
