import type { SessionType } from '@consulta/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoreAdminContext, type DataProvider } from 'ra-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, TOKEN_EXPIRED_MESSAGE } from '../../app/core/http';
import { getToasts } from '../../components/toast/toastStore';
import { SessionTypesPage } from './SessionTypesPage';
import { aSessionType } from '../../test/factories';
import { stubDataProvider } from '../../test/stubDataProvider';

const TYPE = aSessionType({
  nombre: 'Terapia de pareja',
  descripcion: 'Sesión conjunta',
  campos: [{ nombre: 'Asistentes', tipo: 'select', requerido: true, placeholder: null, opciones: ['Ambos', 'Uno'] }],
  activo: false,
  valor: 85,
});

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

  it('shows the card with its price as written in Spain (the practice currency, EUR by default), and its state', async () => {
    renderPage({ getList: listOf([TYPE]) });
    const card = await screen.findByRole('article', { name: 'Terapia de pareja' });
    expect(within(card).getByText((text) => text.replace(/\s/g, ' ') === '85,00 €')).toBeInTheDocument();
    expect(within(card).getByText('Inactivo')).toBeInTheDocument();
    expect(within(card).getByText('1 campo: Asistentes')).toBeInTheDocument();
  });

  it('asks for a confirmation naming the type, and deletes nothing when it is cancelled', async () => {
    const remove = vi.fn(() => Promise.resolve({ data: TYPE }));
    const { user } = renderPage({ getList: listOf([TYPE]), delete: remove as DataProvider['delete'] });
    await user.click(await screen.findByRole('button', { name: 'Eliminar Terapia de pareja' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar tipo de sesión' });
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('"Terapia de pareja"'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(remove).not.toHaveBeenCalled();
    expect(screen.getByRole('article', { name: 'Terapia de pareja' })).toBeInTheDocument();
  });

  it('deletes after the confirmation, says so for 8 s and reads the list again', async () => {
    const remove = vi.fn(() => Promise.resolve({ data: TYPE }));
    const getList = vi.fn(() => Promise.resolve({ data: [TYPE], total: 1 }));
    const { user } = renderPage({ getList: getList as unknown as DataProvider['getList'], delete: remove as DataProvider['delete'] });
    await user.click(await screen.findByRole('button', { name: 'Eliminar Terapia de pareja' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    await vi.waitFor(() => expect(toastTitles()).toContain('Tipo de sesión eliminado exitosamente'));
    expect(remove).toHaveBeenCalledWith('tipos-sesion', expect.objectContaining({ id: 't1' }));
    expect(getToasts()[0]).toMatchObject({ variant: 'success', duration: 8000 });
    await vi.waitFor(() => expect(getList).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
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
    const button = await screen.findByRole('button', { name: 'Eliminar Terapia de pareja' });
    const deleteConfirmed = async () => {
      await user.click(button);
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
      await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    };
    await deleteConfirmed();
    await vi.waitFor(() => expect(toastTitles()).toEqual(['Tipo de sesión no encontrado']));
    await deleteConfirmed();
    await vi.waitFor(() => expect(toastTitles()).toEqual(['Tipo de sesión no encontrado', 'Error al eliminar el tipo de sesión']));
    await deleteConfirmed();
    await vi.waitFor(() => expect(remove).toHaveBeenCalledTimes(3));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toastTitles()).toHaveLength(2);
  });
});
