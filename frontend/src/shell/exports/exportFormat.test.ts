import { describe, expect, it } from 'vitest';
import { patientExport } from '../../test/stubDataProvider';
import { formatBytes } from '../../i18n/format';
import { describeExport, EXPORT_POLL_MS, exportPollInterval, isExportRunning } from './exportFormat';

describe('formatBytes', () => {
  it('reads sizes in es-ES, in powers of 1024, with one decimal from KB up', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(820)).toBe('820 B');
    expect(formatBytes(1536)).toBe('1,5 KB');
    expect(formatBytes(12.3 * 1024 * 1024)).toBe('12,3 MB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GB');
  });

  it('carries a size that would round up to 1024 into the next unit', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MB');
    expect(formatBytes(1023)).toBe('1023 B');
  });
});

describe('exportPollInterval', () => {
  it('reads the list again every 2 s while one is pendiente or generando, and never otherwise', () => {
    expect(EXPORT_POLL_MS).toBe(2000);
    expect(exportPollInterval([{ estado: 'listo' }, { estado: 'pendiente' }])).toBe(2000);
    expect(exportPollInterval([{ estado: 'generando' }])).toBe(2000);
    expect(exportPollInterval([{ estado: 'listo' }, { estado: 'error' }, { estado: 'caducado' }])).toBe(false);
    expect(exportPollInterval([])).toBe(false);
    expect(exportPollInterval(undefined)).toBe(false);
    expect(isExportRunning({ estado: 'pendiente' })).toBe(true);
    expect(isExportRunning({ estado: 'listo' })).toBe(false);
  });
});

describe('describeExport', () => {
  it('a queued one: its date, En cola, no bar, nothing to download', () => {
    const line = describeExport(patientExport());
    expect(line.requested).toMatch(/^Solicitada el 20\/11\/2026, \d{2}:00$/);
    expect(line).toMatchObject({ state: 'En cola', percent: null, detail: 'Empezará enseguida.', downloadable: false, failed: false });
  });

  it('one being made: Generando with its percentage (0-100, whole)', () => {
    expect(describeExport(patientExport({ estado: 'generando', progreso: 41.6 }))).toMatchObject({
      state: 'Generando',
      color: 'info',
      percent: 42,
    });
    expect(describeExport(patientExport({ estado: 'generando', progreso: 140 })).percent).toBe(100);
  });

  it('a ready one: size and files, when it expires, and Descargar', () => {
    const line = describeExport(
      patientExport({
        estado: 'listo',
        progreso: 100,
        tamano_bytes: 12.3 * 1024 * 1024,
        archivos: 8,
        caduca_en: '2026-11-27T10:00:00.000Z',
        nombre_archivo: 'x.zip',
      }),
    );
    expect(line).toMatchObject({
      state: 'Lista para descargar',
      color: 'success',
      percent: null,
      detail: '12,3 MB · 8 archivos',
      downloadable: true,
    });
    expect(line.expires).toMatch(/^Caduca el 27\/11\/2026, \d{2}:00$/);
    expect(describeExport(patientExport({ estado: 'listo', tamano_bytes: 900, archivos: 1 })).detail).toBe('900 B · 1 archivo');
  });

  it('a failed one says why (or the general failure); an expired one says to ask again, a replaced one says so', () => {
    expect(describeExport(patientExport({ estado: 'error', mensaje_error: 'No se pudo leer un archivo' }))).toMatchObject({
      state: 'Error',
      color: 'error',
      detail: 'No se pudo leer un archivo',
      failed: true,
      downloadable: false,
    });
    expect(describeExport(patientExport({ estado: 'error' })).detail).toBe('No se pudo generar la exportación. Inténtalo de nuevo.');
    const expired = patientExport({ estado: 'caducado', caduca_en: '2026-11-27T10:00:00.000Z' });
    expect(describeExport(expired, Date.parse('2026-11-28T00:00:00.000Z'))).toMatchObject({
      state: 'Caducada',
      detail: 'La exportación ha caducado: solicita una nueva',
      downloadable: false,
    });
    // Deleted before its date: a newer one of the same person replaced it.
    expect(describeExport(expired, Date.parse('2026-11-21T00:00:00.000Z')).detail).toBe('Sustituida por una exportación más reciente.');
  });
});
