import { addDays, nextDueDay } from '../src/questionnaires/questionnaire-days';

describe('questionnaire days', () => {
  it('adds whole days across months, years and summer time', () => {
    expect(addDays('2027-03-27', 2)).toBe('2027-03-29');
    expect(addDays('2026-12-25', 14)).toBe('2027-01-08');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('a one-time scale has nothing after its answer', () => {
    expect(nextDueDay('2027-03-01', 0, '2027-03-01', null)).toBeNull();
  });

  it('a periodic one falls due a period later, skipping the periods that passed unanswered', () => {
    expect(nextDueDay('2027-03-01', 7, '2027-03-01', null)).toBe('2027-03-08');
    expect(nextDueDay('2027-03-01', 7, '2027-03-08', null)).toBe('2027-03-15');
    expect(nextDueDay('2027-03-01', 14, '2027-03-20', null)).toBe('2027-03-29');
  });

  it('ends when the next day would be after its last day', () => {
    expect(nextDueDay('2027-03-01', 28, '2027-03-01', '2027-03-29')).toBe('2027-03-29');
    expect(nextDueDay('2027-03-01', 28, '2027-03-01', '2027-03-28')).toBeNull();
  });
});
