import { describe, expect, it } from 'vitest';
import { visibleHours } from './visibleHours';

const ZONE = 'Europe/Madrid';
const appointment = (inicio: string, fin: string) => ({ inicio, fin });

describe('the hours the calendar shows', () => {
  it('is the working day when every appointment falls inside it', () => {
    expect(visibleHours([], ZONE)).toEqual({ min: '07:00:00', max: '21:00:00' });
    expect(visibleHours([appointment('2027-03-16T09:00:00Z', '2027-03-16T09:50:00Z')], ZONE)).toEqual({ min: '07:00:00', max: '21:00:00' });
  });

  it('widens to take in an earlier start or a later end, in the zone', () => {
    // 05:30-06:20 and 21:10-22:00 in Madrid (UTC+1).
    const early = appointment('2027-03-16T04:30:00Z', '2027-03-16T05:20:00Z');
    const late = appointment('2027-03-16T20:10:00Z', '2027-03-16T21:00:00Z');
    expect(visibleHours([early, late], ZONE)).toEqual({ min: '05:00:00', max: '22:00:00' });
    expect(visibleHours([appointment('2027-03-16T20:10:00Z', '2027-03-16T20:40:00Z')], ZONE)).toEqual({ min: '07:00:00', max: '22:00:00' });
    // Past midnight: the whole evening.
    expect(visibleHours([appointment('2027-03-16T22:30:00Z', '2027-03-16T23:20:00Z')], ZONE).max).toBe('24:00:00');
  });
});
