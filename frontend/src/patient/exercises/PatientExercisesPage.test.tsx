import { summarizeProgress, type AssignedExercise, type UnifiedExercises } from '@consulta/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CoreAdminContext } from 'ra-core';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/core/http';
import { anAssignedExercise, anAssignedModule } from '../../test/factories';
import { getToasts } from '../../components/toast/toastStore';
import { stubDataProvider } from '../../test/stubDataProvider';
import { PatientExercisesPage } from './PatientExercisesPage';

const MODULE_REF = { id: 'm1', titulo: 'Ansiedad básica' };
const MODULE = anAssignedModule({ descripcion: 'Primeros pasos' });

const solo = anAssignedExercise({ id: 'e1', titulo: 'Diario de emociones' });
const both = anAssignedExercise({
  id: 'e2',
  titulo: 'Respiración',
  modulos: [MODULE_REF],
  categoria: 'Mindfulness',
  archivo_ids: [],
  archivo_url: null,
  archivo_nombre: null,
  archivo_id: null,
});
const fromModule = anAssignedExercise({
  id: 'e3',
  titulo: 'Exposición gradual',
  individual: false,
  source: 'module',
  modulos: [MODULE_REF],
  categoria: null,
});

const unifiedOf = (items: AssignedExercise[], modules = [MODULE_REF]): UnifiedExercises => ({
  paciente_id: 'p1',
  ejercicios: items,
  ...summarizeProgress(items, modules),
});

const completedAnswer = (item: AssignedExercise, notes: string | null = null): AssignedExercise => ({
  ...item,
  completado: true,
  fecha_completado: '2026-11-23T09:30:00.000Z',
  notas_paciente: notes,
});

function renderPage(methods: Record<string, unknown> = {}) {
  const items = [solo, both, fromModule];
  const calls = {
    myExercises: vi.fn(() => Promise.resolve(unifiedOf(items))),
    myModules: vi.fn(() => Promise.resolve([MODULE])),
    myProgress: vi.fn(() => Promise.resolve(summarizeProgress(items, [MODULE_REF]))),
    myModuleExercises: vi.fn(() =>
      Promise.resolve([
        { ...both, orden: 1 },
        { ...fromModule, orden: 2 },
      ]),
    ),
    completeExercise: vi.fn((_p: string, id: string, data: { notas_paciente?: string | null }) =>
      Promise.resolve(
        completedAnswer(
          items.find((i) => i.id === id)!,
          data.notas_paciente ?? null,
        ),
      ),
    ),
    uncompleteExercise: vi.fn((_p: string, id: string) => Promise.resolve({ ...items.find((i) => i.id === id)!, completado: false })),
    fileUrl: vi.fn(() => Promise.resolve({ download_url: 'https://files.example/guia.pdf' })),
    // Looked at after everything was assigned: nothing is new.
    lookAtMyExercises: vi.fn(() => Promise.resolve({ visto_antes: '2099-01-01T00:00:00.000Z' })),
    mySessions: vi.fn(() => Promise.resolve([])),
    ...methods,
  };
  render(
    <MemoryRouter>
      <CoreAdminContext dataProvider={stubDataProvider(calls)}>
        <PatientExercisesPage />
      </CoreAdminContext>
    </MemoryRouter>,
  );
  return calls;
}

const checkbox = (title: string) => screen.getByRole('checkbox', { name: `Marcar «${title}» como completado` });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('PatientExercisesPage', () => {
  it('shows the tabs with their counts and filters by source, a dual-source exercise in both', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Ejercicios Sugeridos' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Ejercicios (3)' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Módulos (1)' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Individuales (2)' }));
    expect(screen.getAllByRole('checkbox').map((c) => c.getAttribute('aria-label'))).toEqual([
      'Marcar «Diario de emociones» como completado',
      'Marcar «Respiración» como completado',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'De módulos (2)' }));
    expect(screen.queryByText('Diario de emociones')).not.toBeInTheDocument();
    expect(screen.getByText('Exposición gradual')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Todos (3 ejercicios)' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Mostrar' })).toHaveAccessibleDescription(
      '1 ejercicio te llega por separado y también dentro de un módulo: aparece en los dos filtros y cuenta una sola vez en «Todos».',
    );
  });

  it('marks what came since the last look as new, with the session it followed, and shows a visible «Ver módulo»', async () => {
    const fresh = { ...both, asignado_en: '2026-11-21T09:00:00.000Z' };
    renderPage({
      myExercises: () => Promise.resolve(unifiedOf([{ ...solo, asignado_en: '2026-11-01T09:00:00.000Z' }, fresh])),
      lookAtMyExercises: () => Promise.resolve({ visto_antes: '2026-11-15T00:00:00.000Z' }),
      mySessions: () => Promise.resolve([{ fecha: '2026-11-05T10:00:00.000Z' }, { fecha: '2026-11-20T10:00:00.000Z' }]),
    });
    expect(await screen.findByText('1 ejercicio nuevo desde tu última visita')).toBeInTheDocument();
    const rows = screen.getAllByRole('listitem');
    const row = rows.find((r) => within(r).queryByText('Respiración'))!;
    expect(within(row).getByText('Nuevo')).toBeInTheDocument();
    expect(within(row).getByText('Sugerido tras tu sesión del 20/11/2026')).toBeInTheDocument();
    expect(within(rows.find((r) => within(r).queryByText('Diario de emociones'))!).queryByText('Nuevo')).toBeNull();
    const link = within(row).getByRole('button', { name: 'Ver módulo Ansiedad básica' });
    expect(link).toHaveTextContent('Ver módulo');
    fireEvent.click(link);
    expect(await screen.findByRole('dialog', { name: /Ansiedad básica/ })).toBeInTheDocument();
  });

  it.each([
    ['Todos (0 ejercicios)', 'No tienes ejercicios asignados'],
    ['Individuales (0)', 'No tienes ejercicios individuales'],
    ['De módulos (0)', 'No tienes ejercicios de módulos'],
  ])('says when the filter %s has nothing', async (filter, text) => {
    renderPage({ myExercises: () => Promise.resolve(unifiedOf([], [])), myModules: () => Promise.resolve([]) });
    fireEvent.click(await screen.findByRole('button', { name: filter }));
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('completes an exercise from its checkbox, strikes it through and fetches the progress again', async () => {
    const calls = renderPage();
    await screen.findByText('Diario de emociones');
    await waitFor(() => expect(calls.myProgress).toHaveBeenCalledTimes(1));
    fireEvent.click(checkbox('Diario de emociones'));
    expect(await screen.findByRole('checkbox', { name: 'Desmarcar «Diario de emociones»' })).toBeChecked();
    expect(calls.completeExercise).toHaveBeenCalledWith('p1', 'e1', { completado: true, notas_paciente: null });
    expect(screen.getByRole('button', { name: 'Ver detalles de «Diario de emociones»' })).toHaveStyle({ textDecoration: 'line-through' });
    expect(getToasts().map((t) => [t.title, t.description])).toEqual([
      ['Ejercicio completado', 'Has marcado este ejercicio como completado'],
    ]);
    await waitFor(() => expect(calls.myProgress).toHaveBeenCalledTimes(2));
  });

  it('unmarks a completed exercise and says so', async () => {
    const done = completedAnswer(solo);
    const calls = renderPage({ myExercises: () => Promise.resolve(unifiedOf([done])) });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Desmarcar «Diario de emociones»' }));
    expect(await screen.findByRole('checkbox', { name: 'Marcar «Diario de emociones» como completado' })).not.toBeChecked();
    expect(calls.uncompleteExercise).toHaveBeenCalledWith('p1', 'e1');
    expect(getToasts().map((t) => t.title)).toEqual(['Ejercicio desmarcado']);
  });

  it('says the state could not be updated when the call fails, leaving the item as it was', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage({ completeExercise: () => Promise.reject(new ApiError('Servicio no disponible', 503, null)) });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Marcar «Diario de emociones» como completado' }));
    await waitFor(() =>
      expect(getToasts().map((t) => [t.title, t.description])).toEqual([['Error', 'No se pudo actualizar el estado del ejercicio']]),
    );
    expect(checkbox('Diario de emociones')).not.toBeChecked();
  });

  it('completes from the detail with notes, then shows them read-only with Desmarcar', async () => {
    const calls = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Ver detalles de «Diario de emociones»' }));
    const dialog = screen.getByRole('dialog', { name: 'Diario de emociones' });
    expect(within(dialog).getByText('guia.pdf')).toBeInTheDocument();
    expect(within(dialog).getByText('Instrucciones generales')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Notas (opcional)' }), { target: { value: '  Me ayudó a dormir  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Marcar como completado' }));
    expect(await within(dialog).findByTestId('completion-notes')).toHaveTextContent('Me ayudó a dormir');
    expect(calls.completeExercise).toHaveBeenCalledWith('p1', 'e1', { completado: true, notas_paciente: 'Me ayudó a dormir' });
    expect(within(dialog).getByText(/^Completado el 23\/11\/2026/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desmarcar' }));
    expect(await within(dialog).findByRole('button', { name: 'Marcar como completado' })).toBeInTheDocument();
  });

  it("says 'Error al acceder al archivo...' when a file's URL cannot be had", async () => {
    const tab = { location: { href: '' }, opener: {}, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderPage({ fileUrl: vi.fn(() => Promise.reject(new ApiError('Internal Server Error', 500, null))) });
    fireEvent.click(await screen.findByRole('button', { name: 'Ver detalles de «Diario de emociones»' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ver Archivo' }));
    await waitFor(() => expect(getToasts().map((t) => t.title)).toContain('Error al acceder al archivo...'));
    expect(tab.close).toHaveBeenCalled();
  });

  it("opens the exercise's files with 'Ver Archivo', and says when it has none", async () => {
    const tab = { location: { href: '' }, opener: {}, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const calls = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Ver detalles de «Diario de emociones»' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ver Archivo' }));
    await waitFor(() => expect(tab.location.href).toBe('https://files.example/guia.pdf'));
    expect(calls.fileUrl).toHaveBeenCalledWith('ejercicios/u1/guia.pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Ver detalles de «Respiración»' }));
    expect(await screen.findByText('Sin archivos')).toBeInTheDocument();
  });

  it('keeps a retired exercise read-only', async () => {
    const retired = { ...completedAnswer(solo), retirado: true };
    renderPage({ myExercises: () => Promise.resolve(unifiedOf([retired])) });
    expect(await screen.findByRole('checkbox', { name: 'Desmarcar «Diario de emociones»' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Ver detalles de «Diario de emociones»' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Desmarcar' })).not.toBeInTheDocument();
    expect(within(dialog).getByText(/ya no forma parte del banco/)).toBeInTheDocument();
  });

  it('loads a module’s exercises once, on request, and opens a module from an exercise', async () => {
    const calls = renderPage();
    const moduleChips = await screen.findAllByRole('button', { name: 'Ver módulo Ansiedad básica' });
    expect(moduleChips).toHaveLength(2);
    fireEvent.click(moduleChips[0]);
    expect(screen.getByRole('tab', { name: 'Módulos (1)', hidden: true })).toHaveAttribute('aria-selected', 'true');
    const dialog = await screen.findByRole('dialog', { name: 'Ansiedad básica' });
    expect(within(dialog).getByText('Cómo usar este módulo.')).toBeInTheDocument();
    expect(calls.myModuleExercises).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cargar ejercicios' }));
    expect(await within(dialog).findByText('Exposición gradual')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Marcar «Exposición gradual» como completado' }));
    expect(await within(dialog).findByRole('checkbox', { name: 'Desmarcar «Exposición gradual»' })).toBeChecked();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('1 de 2 completados')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Ansiedad básica' }));
    expect(await screen.findByRole('checkbox', { name: 'Desmarcar «Exposición gradual»' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cargar ejercicios' })).not.toBeInTheDocument();
    expect(calls.myModuleExercises).toHaveBeenCalledTimes(1);
    expect(calls.myModuleExercises).toHaveBeenCalledWith('m1');
  });

  it('says when a module has no exercises and when there are no modules', async () => {
    renderPage({ myModuleExercises: () => Promise.resolve([]) });
    fireEvent.click(await screen.findByRole('tab', { name: 'Módulos (1)' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Ansiedad básica' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cargar ejercicios' }));
    expect(await screen.findByText('No hay ejercicios en este módulo')).toBeInTheDocument();
  });

  it('shows the empty modules state', async () => {
    renderPage({ myModules: () => Promise.resolve([]) });
    fireEvent.click(await screen.findByRole('tab', { name: 'Módulos (0)' }));
    expect(screen.getByText('No tienes módulos asignados aún')).toBeInTheDocument();
  });

  it('shows the load failures as alerts', async () => {
    const fail = () => Promise.reject(new ApiError('Prohibido', 403, null));
    renderPage({ myExercises: fail, myModules: fail, myProgress: fail });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar los ejercicios');
    fireEvent.click(screen.getByRole('tab', { name: 'Módulos (0)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar los módulos');
  });

  it('shows the progress the server computed', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: 'Mi Progreso' }));
    expect(await screen.findByRole('table', { name: 'Por módulo' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progreso general' })).toHaveAttribute('aria-valuetext', '0,0 %');
  });
});
