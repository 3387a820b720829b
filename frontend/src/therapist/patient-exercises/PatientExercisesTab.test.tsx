import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/core/http';
import { anAssignedExercise, anExercise } from '../../test/factories';
import { getToasts } from '../../components/toast/toastStore';
import { PatientExercisesTab } from './PatientExercisesTab';
import { MODULE_REF, both, fromModule, renderTab, solo, unifiedOf } from './testSetup';

const bankExercise = (id: string, titulo: string) => anExercise({ id, titulo });
const BANK = [
  bankExercise('e1', 'Diario de emociones'),
  bankExercise('x1', 'Reestructuración cognitiva'),
  bankExercise('x2', 'Autorregistro'),
];

function setup(methods: Record<string, unknown> = {}) {
  const calls = {
    getPatientExercises: vi.fn(() => Promise.resolve(unifiedOf([solo, both, fromModule]))),
    listExercises: vi.fn(() => Promise.resolve(BANK)),
    listModules: vi.fn(() => Promise.resolve([])),
    assignExercise: vi.fn(() => Promise.resolve({ paciente_id: 'p1', ejercicio_id: 'x1', asignado_en: '2026-11-23T10:00:00.000Z' })),
    unassignExercise: vi.fn((_p: string, id: string) =>
      Promise.resolve({ paciente_id: 'p1', ejercicio_id: id, individual: true, modulos: [] }),
    ),
    ...methods,
  };
  renderTab(PatientExercisesTab, calls);
  return calls;
}

const toastTexts = () => getToasts().map((t) => [t.title, t.description]);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('PatientExercisesTab', () => {
  it('lists each exercise with its sources, state and the patient’s notes', async () => {
    setup({ getPatientExercises: () => Promise.resolve(unifiedOf([solo, both, { ...fromModule, retirado: true }])) });
    const list = await screen.findByRole('list', { name: 'Ejercicios asignados' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(screen.getByTestId('tab-summary')).toHaveTextContent('3 ejercicios · 1 completados');
    expect(within(items[0]).getByText('Completado el 22/11/2026')).toBeInTheDocument();
    expect(within(items[0]).getByText('Notas del paciente')).toBeInTheDocument();
    expect(within(items[0]).getByText('Me ayudó a ordenar el día')).toBeInTheDocument();
    expect(within(items[1]).getByText('Individual')).toBeInTheDocument();
    expect(within(items[1]).getByText('Ansiedad básica')).toBeInTheDocument();
    expect(within(items[1]).getByText('Pendiente')).toBeInTheDocument();
    expect(within(items[1]).getByText('PDF')).toBeInTheDocument();
    expect(within(items[2]).queryByText('Individual')).not.toBeInTheDocument();
    expect(within(items[2]).getByText('Sin categoría')).toBeInTheDocument();
    expect(within(items[2]).getByText('Retirado')).toBeInTheDocument();
  });

  it('filters by source with counts, a dual-source exercise under both', async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Individuales (2)' }));
    expect(screen.getAllByRole('button', { name: /^Ver detalles de/ }).map((b) => b.textContent)).toEqual([
      'Diario de emociones',
      'Respiración',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'De módulos (2)' }));
    expect(screen.getAllByRole('button', { name: /^Ver detalles de/ }).map((b) => b.textContent)).toEqual([
      'Respiración',
      'Exposición gradual',
    ]);
    expect(screen.getByRole('button', { name: 'Todos (3 ejercicios)' })).toBeInTheDocument();
    // 'Respiración' is under both: said once, next to the filter it explains.
    expect(screen.getByRole('group', { name: 'Filtrar por origen' })).toHaveAccessibleDescription(
      '1 ejercicio está asignado por separado y también dentro de un módulo: aparece en los dos filtros y cuenta una sola vez en «Todos».',
    );
  });

  it('says nothing of both sources when no exercise has two', async () => {
    setup({ getPatientExercises: () => Promise.resolve(unifiedOf([solo, fromModule])) });
    expect(await screen.findByRole('button', { name: 'Todos (2 ejercicios)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Individuales (1)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'De módulos (1)' })).toBeInTheDocument();
    expect(screen.queryByTestId('source-filter-note')).toBeNull();
  });

  it.each([
    ['Todos (0 ejercicios)', 'Este paciente no tiene ejercicios asignados'],
    ['Individuales (0)', 'Este paciente no tiene ejercicios individuales'],
    ['De módulos (0)', 'Este paciente no tiene ejercicios de módulos'],
  ])('says when the filter %s has nothing', async (filter, text) => {
    setup({ getPatientExercises: () => Promise.resolve(unifiedOf([], [])) });
    fireEvent.click(await screen.findByRole('button', { name: filter }));
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('opens the detail with the completion and the notes', async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Ver detalles de «Diario de emociones»' }));
    const dialog = screen.getByRole('dialog', { name: 'Diario de emociones' });
    expect(within(dialog).getByText('Completado el 22/11/2026')).toBeInTheDocument();
    expect(within(dialog).getByText('Me ayudó a ordenar el día')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Ver Archivo' })).toBeInTheDocument();
    expect(within(dialog).getByText(/^Asignado: 20\/11\/2026/)).toBeInTheDocument();
  });

  it('assigns a bank exercise the patient does not have, asking for a choice first', async () => {
    const user = userEvent.setup();
    const calls = setup();
    await screen.findByText('Diario de emociones');
    await user.click(screen.getByRole('button', { name: 'Asignar Ejercicio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Asignar Ejercicio' });
    await user.click(await within(dialog).findByRole('button', { name: 'Asignar' }));
    expect(within(dialog).getByText('Por favor, selecciona un ejercicio')).toBeInTheDocument();
    expect(calls.assignExercise).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Ejercicio' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Autorregistro', 'Reestructuración cognitiva']);
    await user.click(options[1]);
    await user.click(within(dialog).getByRole('button', { name: 'Asignar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Asignar Ejercicio' })).not.toBeInTheDocument());
    expect(calls.assignExercise).toHaveBeenCalledWith('p1', 'x1');
    expect(toastTexts()).toEqual([['Ejercicio asignado correctamente', undefined]]);
    await waitFor(() => expect(calls.getPatientExercises).toHaveBeenCalledTimes(2));
  });

  it('reports an assignment the server refuses with its detail, keeping the dialog open', async () => {
    const user = userEvent.setup();
    const detail = 'El ejercicio ya está asignado a este paciente (already assigned)';
    setup({ assignExercise: () => Promise.reject(new ApiError(detail, 400, { detail, code: 'ALREADY_ASSIGNED' })) });
    await screen.findByText('Diario de emociones');
    await user.click(screen.getByRole('button', { name: 'Asignar Ejercicio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Asignar Ejercicio' });
    await user.click(await within(dialog).findByRole('combobox', { name: 'Ejercicio' }));
    await user.click(screen.getByRole('option', { name: 'Autorregistro' }));
    await user.click(within(dialog).getByRole('button', { name: 'Asignar' }));
    await waitFor(() => expect(toastTexts()).toEqual([['Error al asignar el ejercicio', 'El ejercicio ya está asignado a este paciente']]));
    expect(screen.getByRole('dialog', { name: 'Asignar Ejercicio' })).toBeInTheDocument();
  });

  it('confirms unassigning an individual exercise, and says one a module also brings stays', async () => {
    const calls = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Desasignar Diario de emociones' }));
    let dialog = screen.getByRole('dialog', { name: '¿Desasignar ejercicio?' });
    expect(dialog).toHaveTextContent('Se quitará este ejercicio de la lista del paciente.');
    expect(dialog).toHaveTextContent('El registro de su realización y las notas del paciente se borrarán.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: 'Desasignar Respiración' }));
    dialog = screen.getByRole('dialog', { name: '¿Desasignar ejercicio?' });
    expect(dialog).toHaveTextContent('Se quitará este ejercicio de la lista del paciente.');
    expect(dialog).toHaveTextContent('Seguirá en su lista a través del módulo «Ansiedad básica».');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desasignar' }));
    await waitFor(() => expect(toastTexts()).toEqual([['Ejercicio individual desasignado correctamente', undefined]]));
    expect(calls.unassignExercise).toHaveBeenCalledWith('p1', 'e2');
  });

  it('warns that unassigning a module-only exercise takes its whole modules', async () => {
    const second = { id: 'm2', titulo: 'Duelo' };
    const item = anAssignedExercise({
      id: 'e4',
      titulo: 'Carta de despedida',
      individual: false,
      source: 'module',
      modulos: [MODULE_REF, second],
    });
    const calls = setup({
      getPatientExercises: () => Promise.resolve(unifiedOf([fromModule, item], [MODULE_REF, second])),
      unassignExercise: vi.fn(() => Promise.resolve({ paciente_id: 'p1', ejercicio_id: 'e3', individual: false, modulos: [MODULE_REF] })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Desasignar Carta de despedida' }));
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'Este ejercicio llega al paciente a través de los módulos «Ansiedad básica» y «Duelo»: se desasignarán esos módulos completos, con todos sus ejercicios.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: 'Desasignar Exposición gradual' }));
    const dialog = screen.getByRole('dialog', { name: '¿Desasignar ejercicio?' });
    expect(dialog).toHaveTextContent('a través del módulo «Ansiedad básica»: se desasignará el módulo completo, con todos sus ejercicios.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desasignar' }));
    await waitFor(() => expect(toastTexts()).toEqual([['Módulo desasignado correctamente', undefined]]));
    expect(calls.unassignExercise).toHaveBeenCalledWith('p1', 'e3');
  });

  it('says when unassigning fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup({ unassignExercise: () => Promise.reject(new ApiError('Servicio no disponible', 503, null)) });
    fireEvent.click(await screen.findByRole('button', { name: 'Desasignar Diario de emociones' }));
    fireEvent.click(screen.getByRole('button', { name: 'Desasignar' }));
    await waitFor(() => expect(toastTexts()).toEqual([['Error al desasignar', undefined]]));
  });

  it('offers to retry a failed load', async () => {
    const calls = setup({ getPatientExercises: vi.fn(() => Promise.reject(new ApiError('Prohibido', 403, null))) });
    fireEvent.click(await screen.findByRole('button', { name: 'Reintentar' }));
    expect(screen.getByText('No se pudieron cargar los ejercicios. Por favor, intenta de nuevo.')).toBeInTheDocument();
    await waitFor(() => expect(calls.getPatientExercises).toHaveBeenCalledTimes(2));
  });
});
