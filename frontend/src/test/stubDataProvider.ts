import type { ConsentOverview } from '@consulta/shared';
import type { DataProvider } from 'ra-core';
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
export const consentsGiven = (): Promise<ConsentOverview> => Promise.resolve({ vigentes: { grabacion: true, ia: true, whatsapp: false }, registros: [] });
