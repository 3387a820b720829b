import { summarizeProgress, type AssignedExercise, type ModuleRef, type UnifiedExercises } from '@consulta/shared';
import { render } from '@testing-library/react';
import { CoreAdminContext } from 'ra-core';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import type { ConsultaDataProvider } from '../../app/providers/dataProvider';
import { aPatient, anAssignedExercise } from '../../test/factories';
import { stubDataProvider } from '../../test/stubDataProvider';
import type { PatientTabProps } from '../patients/detail/tabTypes';

export const PATIENT = aPatient();
export const MODULE_REF: ModuleRef = { id: 'm1', titulo: 'Ansiedad básica' };

/** Individual and completed with notes; individual and from a module; only from a module. */
export const solo = anAssignedExercise({
  id: 'e1',
  titulo: 'Diario de emociones',
  completado: true,
  fecha_completado: '2026-11-22T09:00:00.000Z',
  notas_paciente: 'Me ayudó a ordenar el día',
});
export const both = anAssignedExercise({ id: 'e2', titulo: 'Respiración', modulos: [MODULE_REF], categoria: 'Mindfulness' });
export const fromModule = anAssignedExercise({
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
