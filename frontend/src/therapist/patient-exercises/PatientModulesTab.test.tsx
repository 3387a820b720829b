import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/core/http';
import { getToasts } from '../../components/toast/toastStore';
import { PatientModulesTab } from './PatientModulesTab';
import { aModule, anAssignedModule } from '../../test/factories';
import { renderTab } from './testSetup';

const bankModule = (id: string, titulo: string, ejercicios_count: number) => aModule({ id, titulo, ejercicios_count });

function setup(methods: Record<string, unknown> = {}) {
  const calls = {
    getPatientModules: vi.fn(() =>
      Promise.resolve([
        anAssignedModule({ completados: 1 }),
        anAssignedModule({ id: 'm2', titulo: 'Duelo', descripcion: null, ejercicios_count: 1, completados: 0 }),
      ]),
    ),
    listModules: vi.fn(() => Promise.resolve([bankModule('m1', 'Ansiedad básica', 2), bankModule('m3', 'Autoestima', 3)])),
    listExercises: vi.fn(() => Promise.resolve([])),
    assignModule: vi.fn(() => Promise.resolve({ paciente_id: 'p1', modulo_id: 'm3', asignado_en: '2026-11-23T10:00:00.000Z' })),
    unassignModule: vi.fn(() => Promise.resolve({ paciente_id: 'p1', modulo_id: 'm1', asignado_en: '2026-11-18T10:00:00.000Z' })),
    getPatientExercises: vi.fn(() => Promise.resolve(undefined)),
    ...methods,
  };
  renderTab(PatientModulesTab, calls);
  return calls;
}

const toastTexts = () => getToasts().map((t) => [t.title, t.description]);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('PatientModulesTab', () => {
  it('shows each module with its exercises, completions and assignment date', async () => {
    setup();
    const card = await screen.findByRole('listitem', { name: 'Ansiedad básica' });
    expect(within(card).getByText('Primeros pasos')).toBeInTheDocument();
    expect(within(card).getByText('2 ejercicios')).toBeInTheDocument();
    expect(within(card).getByText('completados 1 de 2')).toBeInTheDocument();
    expect(within(card).getByText('Asignado el 18/11/2026')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Duelo' })).getByText('1 ejercicio')).toBeInTheDocument();
    expect(screen.getByTestId('tab-summary')).toHaveTextContent('2 módulos');
  });

  it('shows the empty state', async () => {
    setup({ getPatientModules: () => Promise.resolve([]) });
    expect(await screen.findByText('Este paciente no tiene módulos asignados')).toBeInTheDocument();
  });

  it('assigns a module the patient does not have, asking for a choice first', async () => {
    const user = userEvent.setup();
    const calls = setup();
    await screen.findByRole('listitem', { name: 'Duelo' });
    await user.click(screen.getByRole('button', { name: 'Asignar Módulo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Asignar Módulo' });
    await user.click(await within(dialog).findByRole('button', { name: 'Asignar' }));
    expect(within(dialog).getByText('Por favor, selecciona un módulo')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Módulo' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Autoestima (3 ejercicios)']);
    await user.click(options[0]);
    await user.click(within(dialog).getByRole('button', { name: 'Asignar' }));
    await waitFor(() => expect(toastTexts()).toEqual([['Módulo asignado correctamente', undefined]]));
    expect(calls.assignModule).toHaveBeenCalledWith('p1', 'm3');
    await waitFor(() => expect(calls.getPatientModules).toHaveBeenCalledTimes(2));
  });

  it('says when the bank has no module left to assign', async () => {
    setup({ listModules: () => Promise.resolve([bankModule('m1', 'Ansiedad básica', 2)]) });
    await screen.findByRole('listitem', { name: 'Duelo' });
    fireEvent.click(screen.getByRole('button', { name: 'Asignar Módulo' }));
    expect(await screen.findByText(/No quedan módulos del banco sin asignar/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Asignar' })).toBeDisabled();
  });

  it('confirms and unassigns a module', async () => {
    const calls = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Desasignar módulo Ansiedad básica' }));
    const dialog = screen.getByRole('dialog', { name: '¿Desasignar módulo?' });
    expect(dialog).toHaveTextContent('Se quitará el módulo «Ansiedad básica» de la lista del paciente');
    expect(dialog).toHaveTextContent('Se borrará el registro de los que haya completado.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desasignar' }));
    await waitFor(() => expect(toastTexts()).toEqual([['Módulo desasignado correctamente', undefined]]));
    expect(calls.unassignModule).toHaveBeenCalledWith('p1', 'm1');
  });

  it('says when unassigning a module fails', async () => {
    setup({ unassignModule: () => Promise.reject(new ApiError('Servicio no disponible', 503, null)) });
    fireEvent.click(await screen.findByRole('button', { name: 'Desasignar módulo Duelo' }));
    expect(screen.getByRole('dialog')).not.toHaveTextContent('Se borrará el registro');
    fireEvent.click(screen.getByRole('button', { name: 'Desasignar' }));
    await waitFor(() => expect(toastTexts()).toEqual([['Error al desasignar el módulo', undefined]]));
  });
});
