import { describe, expect, it } from 'vitest';
import { draftJobStatus, draftTitle, formatTimeEs, jobJustCompleted, shortDraftId, showsProgress, statusColor } from './draftFormat';

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
    expect(statusColor('cancelado')).toBe('grey.700');
  });

  it('shows a job: the spec status text, a bar for 1-99 while it runs, and what the job does', () => {
    expect(draftJobStatus({ estado: 'borrador', progreso: 0 })).toEqual({
      text: 'Borrador guardado',
      color: 'text.secondary',
      percent: null,
      detail: null,
      percentText: null,
    });
    expect(draftJobStatus({ estado: 'borrador', progreso: 100 }).percent).toBeNull();
    expect(draftJobStatus({ estado: 'transcribiendo', progreso: 42 })).toEqual({
      text: 'Generando transcripción...',
      color: 'info.main',
      percent: 42,
      detail: 'Extrayendo el audio y transcribiendo por hablante',
      percentText: 'Procesando... 42%',
    });
    expect(draftJobStatus({ estado: 'procesando', progreso: 1 })).toMatchObject({
      text: 'Iniciando procesamiento...',
      percent: 1,
      detail: 'Generando el análisis IA y la versión para el paciente...',
    });
    expect(draftJobStatus({ estado: 'fallido', progreso: 40 })).toMatchObject({
      text: 'Error en el procesamiento',
      color: 'error.main',
      percent: null,
      detail: null,
    });
  });

  it("a job followed to its result is 'completado'; a cancel, a failure or a save is not", () => {
    expect(jobJustCompleted('transcribiendo', 'borrador')).toBe(true);
    expect(jobJustCompleted('procesando', 'borrador')).toBe(true);
    expect(jobJustCompleted('transcribiendo', 'cancelado')).toBe(false);
    expect(jobJustCompleted('procesando', 'fallido')).toBe(false);
    expect(jobJustCompleted('guardando', 'borrador')).toBe(false);
    expect(jobJustCompleted(null, 'borrador')).toBe(false);
  });

  it('formats the time of a save as hh:mm', () => {
    expect(formatTimeEs(new Date(2026, 10, 23, 9, 5))).toBe('09:05');
  });
});
