import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoreAdminContext, type DataProvider } from 'ra-core';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/core/http';
import { getToasts } from '../../components/toast/toastStore';
import { stubDataProvider } from '../../test/stubDataProvider';
import { useSessionTypes } from './sessionTypeQueries';

/** A screen reading the list with `reportFailure`, with buttons to render it again and to read the list again. */
function Reader() {
  const [renders, setRenders] = useState(0);
  const list = useSessionTypes({ reportFailure: true });
  return (
    <>
      <p>{list.isFetching ? 'fetching' : `settled ${renders}`}</p>
      <button onClick={() => setRenders((n) => n + 1)}>render</button>
      <button onClick={() => void list.refetch()}>refetch</button>
    </>
  );
}

function renderReader(getList: unknown) {
  render(
    <CoreAdminContext dataProvider={stubDataProvider({ getList })}>
      <Reader />
    </CoreAdminContext>,
  );
  return userEvent.setup({ delay: null });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useSessionTypes', () => {
  it('asks for the whole list sorted by name', async () => {
    const getList = vi.fn(() => Promise.resolve({ data: [], total: 0 }));
    renderReader(getList);
    await vi.waitFor(() => expect(getList).toHaveBeenCalledTimes(1));
    expect(getList).toHaveBeenCalledWith(
      'tipos-sesion',
      expect.objectContaining({ sort: { field: 'nombre', order: 'ASC' }, pagination: { page: 1, perPage: 1000 } }),
    );
  });

  it('with reportFailure, toasts each failure once, however often the screen renders', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // react-query logs each failure
    const getList = vi.fn(() => Promise.reject(new ApiError('Bad Request', 400)));
    const user = renderReader(getList as unknown as DataProvider['getList']);
    await vi.waitFor(() => expect(getToasts().map((t) => t.title)).toEqual(['Error al cargar los tipos de sesiones']));
    await user.click(screen.getByRole('button', { name: 'render' }));
    await user.click(screen.getByRole('button', { name: 'render' }));
    await screen.findByText('settled 2');
    expect(getToasts()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'refetch' }));
    await vi.waitFor(() => expect(getToasts()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'render' }));
    await screen.findByText('settled 3');
    expect(getToasts()).toHaveLength(2);
    expect(getList).toHaveBeenCalledTimes(2);
  });
});
