import { describe, expect, it } from 'vitest';
import { draftTitle, formatTimeEs, shortDraftId, showsProgress, statusColor } from './draftFormat';

describe('draft display', () => {
  it('shows the id by its first 8 characters and a title or "Borrador sin título"', () => {
    expect(shortDraftId('abcdef12-3456-4789-8abc-def012345678')).toBe('#abcdef12');
    expect(draftTitle({ titulo: '  ' })).toBe('Borrador sin título');
    expect(draftTitle({ titulo: 'Lunes' })).toBe('Lunes');
  });

  it('shows a progress bar only for 1-99, and colours the status', () => {
    expect([0, 1, 99, 100].map(showsProgress)).toEqual([false, true, true, false]);
    expect(statusColor('completado')).toBe('success.main');
    expect(statusColor('fallido')).toBe('error.main');
    expect(statusColor('transcribiendo')).toBe('info.main');
  });

  it('formats the time of a save as hh:mm', () => {
    expect(formatTimeEs(new Date(2026, 10, 23, 9, 5))).toBe('09:05');
  });
});
