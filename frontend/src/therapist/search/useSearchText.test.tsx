import { fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useSearchText } from './useSearchText';

function SearchBox() {
  const [text, setText] = useSearchText('q');
  return <input aria-label="Buscar" value={text} onChange={(e) => setText(e.target.value)} />;
}

/**
 * The box on a page whose navigations can be held (its loader waits while `hold` is set): the address then lags
 * behind what the box wrote to it, as on a slow phone.
 */
async function renderBox() {
  const held = { hold: false, release: () => undefined as void };
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <SearchBox />,
        hydrateFallbackElement: null,
        loader: () => (held.hold ? new Promise<null>((resolve) => (held.release = () => resolve(null))) : null),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  const box = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Buscar' });
  const type = (text: string) => fireEvent.change(box, { target: { value: text } });
  const address = () => new URLSearchParams(router.state.location.search).get('q');
  return { router, box, type, address, held };
}

describe('useSearchText', () => {
  it('keeps what was typed while its earlier text reaches the address', async () => {
    const { router, box, type, address, held } = await renderBox();
    type('ansiedades');
    await vi.waitFor(() => expect(address()).toBe('ansiedades'));
    held.hold = true;
    type('"me cuesta respirar"');
    await vi.waitFor(() => expect(router.state.navigation.location?.search).toContain('respirar'));
    type('"respirar me cuesta"');
    held.hold = false;
    held.release();
    await vi.waitFor(() => expect(address()).toBe('"me cuesta respirar"'));
    expect(box.value).toBe('"respirar me cuesta"');
    await vi.waitFor(() => expect(address()).toBe('"respirar me cuesta"'));
    expect(box.value).toBe('"respirar me cuesta"');
  });

  it('follows the address changed from elsewhere, to a new text or to one typed before', async () => {
    const { router, box, type, address } = await renderBox();
    type('ansiedad');
    await vi.waitFor(() => expect(address()).toBe('ansiedad'));
    type('miedo');
    await vi.waitFor(() => expect(address()).toBe('miedo'));
    await router.navigate('/?q=insomnio');
    await vi.waitFor(() => expect(box.value).toBe('insomnio'));
    await router.navigate('/?q=ansiedad');
    await vi.waitFor(() => expect(box.value).toBe('ansiedad'));
    await router.navigate('/');
    await vi.waitFor(() => expect(box.value).toBe(''));
  });
});
