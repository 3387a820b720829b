import {
  summarizeProgress,
  type AssignedExercise,
  type AssignedModule,
  type ModuleRef,
  type PatientDetail,
  type UnifiedExercises,
} from '@consulta/shared';
import { render } from '@testing-library/react';
import { CoreAdminContext } from 'ra-core';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import type { ConsultaDataProvider } from '../../app/providers/dataProvider';
import { assignedExercise } from '../../components/exercises/testFixtures';
import { stubDataProvider } from '../../test/stubDataProvider';
import type { PatientTabProps } from '../patients/detail/tabTypes';

export const PATIENT = { id: 'p1', nombre: 'Lucía', apellido: 'Fernández' } as PatientDetail;
export const MODULE_REF: ModuleRef = { id: 'm1', titulo: 'Ansiedad básica' };

export const assignedModule = (overrides: Partial<AssignedModule> = {}): AssignedModule => ({
  id: 'm1',
  titulo: 'Ansiedad básica',
  descripcion: 'Primeros pasos',
  asignado_en: '2026-11-18T10:00:00.000Z',
  paciente_id: 'p1',
  ejercicios_count: 2,
  completados: 1,
  ...overrides,
});

/** Individual and completed with notes; individual and from a module; only from a module. */
export const solo = assignedExercise({
  id: 'e1',
  titulo: 'Diario de emociones',
  completado: true,
  fecha_completado: '2026-11-22T09:00:00.000Z',
  notas_paciente: 'Me ayudó a ordenar el día',
});
export const both = assignedExercise({ id: 'e2', titulo: 'Respiración', modulos: [MODULE_REF], categoria: 'Mindfulness' });
export const fromModule = assignedExercise({
  id: 'e3',
  titulo: 'Exposición gradual',
  individual: false,
  source: 'module',
  modulos: [MODULE_REF],
  categoria: null,
});

export const unifiedOf = (items: AssignedExercise[], modules: ModuleRef[] = [MODULE_REF]): UnifiedExercises => ({
  paciente_id: 'p1',
  ejercicios: items,
  ...summarizeProgress(items, modules),
});

/** Renders one tab of the patient detail over a stub data provider. */
export function renderTab(Tab: ComponentType<PatientTabProps>, methods: Partial<Record<keyof ConsultaDataProvider, unknown>>) {
  render(
    <MemoryRouter>
      <CoreAdminContext dataProvider={stubDataProvider(methods)}>
        <Tab patient={PATIENT} tab={{ id: 'exercises', path: 'ejercicios', label: 'Ejercicios', icon: <span />, component: Tab }} />
      </CoreAdminContext>
    </MemoryRouter>,
  );
}
