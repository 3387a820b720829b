import type { SessionType } from '@consulta/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoreAdminContext, type DataProvider } from 'ra-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, TOKEN_EXPIRED_MESSAGE } from '../../app/core/http';
import { getToasts, resetToasts } from '../../components/toast/toastStore';
import { SessionTypesPage } from './SessionTypesPage';
import { stubDataProvider } from '../../test/stubDataProvider';

const TYPE: SessionType = {
  id: 't1',
  nombre: 'Terapia de pareja',
  descripcion: 'Sesión conjunta',
  campos: [{ nombre: 'Asistentes', tipo: 'select', requerido: true, placeholder: null, opciones: ['Ambos', 'Uno'] }],
  activo: false,
  valor: 85,
  terapeuta_id: 'th1',
  fecha_creacion: '2026-11-20T10:00:00.000Z',
  fecha_actualizacion: '2026-11-21T10:00:00.000Z',
};

/** The page with a data provider whose methods the test defines (the rest fail loudly). */
function renderPage(methods: Partial<DataProvider>) {
  const dataProvider = stubDataProvider({
    ...methods,
  });
  render(
    <CoreAdminContext dataProvider={dataProvider}>
      <SessionTypesPage />
    </CoreAdminContext>,
  );
  return { dataProvider, user: userEvent.setup({ delay: null }) };
}

const listOf = (data: SessionType[]) => (() => Promise.resolve({ data, total: data.length })) as unknown as DataProvider['getList'];
const toastTitles = () => getToasts().map((t) => t.title);

afterEach(() => {
  resetToasts();
  vi.restoreAllMocks();
});

describe('SessionTypesPage', () => {
  it('says "No hay tipos de sesiones" when there are none', async () => {
    renderPage({ getList: listOf([]) });
    expect(await screen.findByText('No hay tipos de sesiones')).toBeInTheDocument();
  });

  it('says "Error al cargar los tipos de sesiones" when the list fails, without retrying a 4xx answer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // react-query logs the failure
    const getList = vi.fn(() => Promise.reject(new ApiError('El parámetro activo debe ser true o false', 400)));
    renderPage({ getList: getList as unknown as DataProvider['getList'] });
    expect(await screen.findByText('Error al cargar los tipos de sesiones')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expect(getList).toHaveBeenCalledTimes(1);
  });

  it('shows the card with $ and 2 decimals, and its state', async () => {
    renderPage({ getList: listOf([TYPE]) });
    const card = await screen.findByRole('article', { name: 'Terapia de pareja' });
    expect(within(card).getByText('$85.00')).toBeInTheDocument();
    expect(within(card).getByText('Inactivo')).toBeInTheDocument();
    expect(within(card).getByText('1 campo: Asistentes')).toBeInTheDocument();
  });

  it('asks a browser confirmation naming the type, and deletes nothing when it is refused', async () => {
    const remove = vi.fn(() => Promise.resolve({ data: TYPE }));
    const { user } = renderPage({ getList: listOf([TYPE]), delete: remove as DataProvider['delete'] });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await user.click(await screen.findByRole('button', { name: 'Eliminar Terapia de pareja' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('"Terapia de pareja"'));
    expect(remove).not.toHaveBeenCalled();
  });

  it('deletes after the confirmation and says so for 8 s', async () => {
    const remove = vi.fn(() => Promise.resolve({ data: TYPE }));
    const { user } = renderPage({ getList: listOf([TYPE]), delete: remove as DataProvider['delete'] });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(await screen.findByRole('button', { name: 'Eliminar Terapia de pareja' }));
    await vi.waitFor(() => expect(toastTitles()).toContain('Tipo de sesión eliminado exitosamente'));
    expect(remove).toHaveBeenCalledWith('tipos-sesion', expect.objectContaining({ id: 't1' }));
    expect(getToasts()[0]).toMatchObject({ variant: 'success', duration: 8000 });
  });

  it('shows the server detail when deleting fails, else the generic message; nothing for an expired session', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // react-query logs each failure
    const errors = [
      new ApiError('Tipo de sesión no encontrado', 404, { detail: 'Tipo de sesión no encontrado' }),
      new ApiError('Bad Gateway', 502), // no detail: the page's own message, not the status text
      new ApiError(TOKEN_EXPIRED_MESSAGE, 401),
    ];
    const remove = vi.fn(() => Promise.reject(errors.shift()));
    const { user } = renderPage({ getList: listOf([TYPE]), delete: remove as DataProvider['delete'] });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const button = await screen.findByRole('button', { name: 'Eliminar Terapia de pareja' });
    await user.click(button);
    await vi.waitFor(() => expect(toastTitles()).toEqual(['Tipo de sesión no encontrado']));
    await user.click(button);
    await vi.waitFor(() => expect(toastTitles()).toEqual(['Tipo de sesión no encontrado', 'Error al eliminar el tipo de sesión']));
    await user.click(button);
    await vi.waitFor(() => expect(remove).toHaveBeenCalledTimes(3));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toastTitles()).toHaveLength(2);
  });
});
