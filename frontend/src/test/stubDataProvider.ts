import type { ConsentOverview, PatientExport } from '@consulta/shared';
import type { DataProvider } from 'ra-core';
import { vi } from 'vitest';
import type { ConsultaDataProvider } from '../app/providers/dataProvider';

const notExpected = () => Promise.reject(new Error('not expected in this test'));

/**
 * A data provider for component tests: the methods a test defines, and every other CRUD method failing loudly.
 * (Unit tests only: the browser tests use the real server.)
 */
export function stubDataProvider(methods: Partial<Record<keyof ConsultaDataProvider, unknown>> = {}): DataProvider {
  return {
    getList: notExpected,
    getOne: notExpected,
    getMany: notExpected,
    getManyReference: notExpected,
    create: notExpected,
    update: notExpected,
    updateMany: notExpected,
    delete: notExpected,
    deleteMany: notExpected,
    ...methods,
  } as DataProvider;
}

/** GET /pacientes/consentimientos/{id} of a patient who gave recording and AI consent (the AI and video tests' start). */
export const consentsGiven = (): Promise<ConsentOverview> =>
  Promise.resolve({ vigentes: { grabacion: true, ia: true, whatsapp: false }, registros: [] });

/** One export as GET /pacientes/exportaciones/{id} lists it: asked for and waiting in the queue, unless `changes` say otherwise. */
export const patientExport = (changes: Partial<PatientExport> = {}): PatientExport => ({
  id: 'exp-1',
  alcance: 'terapeuta',
  estado: 'pendiente',
  progreso: 0,
  mensaje_error: null,
  nombre_archivo: null,
  tamano_bytes: null,
  archivos: null,
  solicitado_en: '2026-11-20T10:00:00.000Z',
  completado_en: null,
  caduca_en: null,
  ...changes,
});

/** A list whose answers `next` decides, call by call. */
export const serving = (next: (call: number) => PatientExport[]) => {
  let call = 0;
  return vi.fn(() => Promise.resolve(next(call++)));
};
