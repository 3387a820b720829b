import type { ModuleDetail } from '@consulta/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoreAdminContext } from 'ra-core';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/core/http';
import { getToasts } from '../../components/toast/toastStore';
import { aModule, anExercise } from '../../test/factories';
import { stubDataProvider } from '../../test/stubDataProvider';
import { waitForUppyTimersAfterAll } from '../../test/uppy';
import { ExerciseBankPage } from './ExerciseBankPage';

// The page mounts an uploader (Uppy): its connection check must run before the environment goes.
waitForUppyTimersAfterAll();

const EXERCISES = [
  anExercise(),
  anExercise({
    id: 'e2',
    titulo: 'Diario de pensamientos',
    descripcion: null,
    categoria: 'Depresión',
    archivo_url: [],
    pacientes_asignados: 0,
    modulos_count: 0,
  }),
];
const PATIENTS = [
  { id: 'p1', nombre: 'Lucía', apellido: 'Fernández' },
  { id: 'p2', nombre: 'Carlos', apellido: 'Ruiz' },
];

function setup(methods: Record<string, unknown> = {}, url = '/ejercicios') {
  const calls = {
    listExercises: vi.fn(() => Promise.resolve(EXERCISES)),
    listModules: vi.fn(() => Promise.resolve([aModule()])),
    getAll: vi.fn(() => Promise.resolve(PATIENTS)),
    createExercise: vi.fn((data: { titulo: string; paciente_ids?: string[] }) =>
      Promise.resolve({ ...anExercise({ id: 'e9', titulo: data.titulo }), asignado_a: data.paciente_ids?.length ?? 0 }),
    ),
    deleteExercise: vi.fn(() => Promise.resolve({ id: 'e1', retirado: true })),
    getModule: vi.fn((): Promise<ModuleDetail> => Promise.resolve({ ...aModule(), ejercicios: [{ ...EXERCISES[0], orden: 1 }] })),
    listModuleLinks: vi.fn(() => Promise.resolve([{ paciente_id: 'p1', modulo_id: 'm1', asignado_en: '2026-11-10T10:00:00.000Z' }])),
    createModule: vi.fn(() => Promise.resolve(aModule({ id: 'm2', titulo: 'Duelo' }))),
    addExerciseToModule: vi.fn(() => Promise.resolve({})),
    assignModule: vi.fn(() => Promise.resolve({})),
    ...methods,
  };
  render(
    <MemoryRouter initialEntries={[url]}>
      <CoreAdminContext dataProvider={stubDataProvider(calls)}>
        <ExerciseBankPage />
      </CoreAdminContext>
    </MemoryRouter>,
  );
  return calls;
}

const toastTexts = () => getToasts().map((t) => [t.title, t.description]);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ExerciseBankPage', () => {
  it('shows the exercises as cards with their category, file types and figures', async () => {
    setup();
    const card = await screen.findByRole('listitem', { name: 'Respiración diafragmática' });
    expect(within(card).getByText('Ansiedad')).toBeInTheDocument();
    expect(within(card).getByText('PDF')).toBeInTheDocument();
    expect(within(card).getByText('2 pacientes · En 1 módulo')).toBeInTheDocument();
    const other = screen.getByRole('listitem', { name: 'Diario de pensamientos' });
    expect(within(other).getByText('Sin descripción')).toBeInTheDocument();
    expect(within(other).getByText('0 pacientes · En ningún módulo · Sin archivos')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Ejercicios (2)' })).toHaveAttribute('aria-selected', 'true');
    expect(document.title).toBe('Banco de Ejercicios · Consulta');
  });

  it('searches both tabs at once, ignoring accents', async () => {
    setup();
    await screen.findByRole('listitem', { name: 'Diario de pensamientos' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar ejercicios y módulos' }), { target: { value: 'RESPIRACION' } });
    expect(screen.queryByRole('listitem', { name: 'Diario de pensamientos' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Ejercicios (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Módulos (0)' })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'xyz' } });
    expect(screen.getByText('Nada coincide con «xyz»')).toBeInTheDocument();
  });

  it('opens the modules tab with its cards and its detail', async () => {
    setup({}, '/ejercicios?tab=modulos');
    const card = await screen.findByRole('listitem', { name: 'Ansiedad básica' });
    expect(within(card).getByText('1 ejercicio · 0 pacientes')).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'Acciones de «Ansiedad básica»' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Ver detalles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ansiedad básica' });
    expect(await within(dialog).findByText('Respiración diafragmática')).toBeInTheDocument();
    expect(await within(dialog).findByText('Lucía Fernández')).toBeInTheDocument();
  });

  it('creates an exercise and assigns it to patients at once', async () => {
    const user = userEvent.setup();
    const calls = setup();
    await screen.findByRole('listitem', { name: 'Diario de pensamientos' });
    await user.click(screen.getByRole('button', { name: 'Crear Ejercicio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crear Ejercicio' });
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    expect(within(dialog).getByText('Por favor, ingresa un título para el ejercicio.')).toBeInTheDocument();
    expect(calls.createExercise).not.toHaveBeenCalled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Título' }), 'Registro de sueño');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Lucía Fernández' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Carlos Ruiz' }));
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    await waitFor(() => expect(toastTexts()).toEqual([['Ejercicio creado correctamente y asignado a 2 paciente(s)', undefined]]));
    expect(calls.createExercise).toHaveBeenCalledWith({
      titulo: 'Registro de sueño',
      descripcion: null,
      categoria: null,
      archivo_url: [],
      paciente_ids: ['p1', 'p2'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(calls.listExercises).toHaveBeenCalledTimes(2));
  });

  it('creates a module with bank exercises in order and a patient', async () => {
    const user = userEvent.setup();
    const calls = setup({}, '/ejercicios?tab=modulos');
    await screen.findByRole('listitem', { name: 'Ansiedad básica' });
    await user.click(screen.getByRole('button', { name: 'Crear Módulo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crear Módulo' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Título' }), 'Duelo');
    await user.click(within(dialog).getByRole('combobox', { name: 'Añadir ejercicio' }));
    await user.click(screen.getByRole('option', { name: 'Respiración diafragmática' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Añadir ejercicio' }));
    await user.click(screen.getByRole('option', { name: 'Diario de pensamientos' }));
    await user.click(within(dialog).getByRole('button', { name: 'Subir Diario de pensamientos' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Carlos Ruiz' }));
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    await waitFor(() => expect(toastTexts()).toEqual([['Módulo creado correctamente', undefined]]));
    expect(calls.createModule).toHaveBeenCalledWith({ titulo: 'Duelo', descripcion: null });
    expect(calls.addExerciseToModule.mock.calls).toEqual([
      ['m2', 'e2'],
      ['m2', 'e1'],
    ]);
    expect(calls.assignModule).toHaveBeenCalledWith('p2', 'm2');
  });

  it('asks before deleting, naming the patients who have it, and says when it failed', async () => {
    const calls = setup({ deleteExercise: vi.fn(() => Promise.reject(new ApiError('caído', 503, null))) });
    const card = await screen.findByRole('listitem', { name: 'Respiración diafragmática' });
    fireEvent.click(within(card).getByRole('button', { name: 'Acciones de «Respiración diafragmática»' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Eliminar' }));
    const dialog = screen.getByRole('dialog', { name: '¿Eliminar ejercicio?' });
    expect(dialog).toHaveTextContent(
      'Lo tienen 2 pacientes: desaparecerá de sus pendientes; quien ya lo completó lo conservará como historial.',
    );
    expect(dialog).toHaveTextContent('Esta acción no se puede deshacer.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(toastTexts()).toEqual([['No se pudo eliminar el ejercicio. Por favor, intenta de nuevo.', undefined]]));
    expect(calls.deleteExercise).toHaveBeenCalledWith('e1');
  });

  it('offers to retry when the bank cannot be loaded', async () => {
    const calls = setup({ listExercises: vi.fn(() => Promise.reject(new ApiError('Prohibido', 403, null))) });
    fireEvent.click(await screen.findByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(calls.listExercises).toHaveBeenCalledTimes(2));
    expect(toastTexts()[0]).toEqual(['No se pudieron cargar los ejercicios. Por favor, intenta de nuevo.', undefined]);
  });
});
