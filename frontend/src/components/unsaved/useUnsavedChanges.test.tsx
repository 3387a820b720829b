import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, Route, RouterProvider, Routes, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LeaveGuardHost } from './LeaveGuardHost';
import { useUnsavedChanges } from './useUnsavedChanges';

function NotesForm({ onCancel = () => undefined }: { onCancel?: () => void }) {
  const [notes, setNotes] = useState('');
  const leave = useUnsavedChanges({ dirty: notes !== '' });
  return (
    <>
      <label>
        Notas
        <input value={notes} onChange={(e) => setNotes(e.target.value)} />
      </label>
      <button onClick={() => leave.confirm(onCancel)}>Cancelar</button>
      <Link to="/otra">Otra página</Link>
      <Link to="/?tab=2">Misma página</Link>
      {leave.prompt}
    </>
  );
}

/** The app's shape: one blocker at the root, the pages below. */
function renderApp(form = <NotesForm />) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <LeaveGuardHost />
            <Routes>
              <Route path="/" element={form} />
              <Route path="/otra" element={<h1>Otra</h1>} />
            </Routes>
          </>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup({ delay: null }) };
}

const question = () => screen.queryByRole('dialog', { name: '¿Salir sin guardar?' });
/** The question has faded out (while it shows, the page behind it is hidden from the accessibility tree). */
const answered = () => vi.waitFor(() => expect(question()).toBeNull());

describe('useUnsavedChanges', () => {
  it('a clean form leaves at once', async () => {
    const { router, user } = renderApp();
    await user.click(screen.getByRole('link', { name: 'Otra página' }));
    expect(router.state.location.pathname).toBe('/otra');
    expect(question()).toBeNull();
  });

  it('leaving a dirty form asks: "Seguir editando" stays with what was typed, "Salir sin guardar" leaves', async () => {
    const { router, user } = renderApp();
    await user.type(screen.getByLabelText('Notas'), 'Habló del trabajo');
    await user.click(screen.getByRole('link', { name: 'Otra página' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Salir sin guardar?' });
    expect(dialog).toHaveTextContent('Los cambios que no has guardado se perderán.');
    // The safe answer has the focus.
    expect(screen.getByRole('button', { name: 'Seguir editando' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Seguir editando' }));
    await answered();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByLabelText('Notas')).toHaveValue('Habló del trabajo');

    await user.click(screen.getByRole('link', { name: 'Otra página' }));
    await user.click(await screen.findByRole('button', { name: 'Salir sin guardar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/otra'));
    expect(await screen.findByRole('heading', { name: 'Otra' })).toBeInTheDocument();
  });

  it('a change of query on the same page does not ask', async () => {
    const { router, user } = renderApp();
    await user.type(screen.getByLabelText('Notas'), 'x');
    await user.click(screen.getByRole('link', { name: 'Misma página' }));
    expect(router.state.location.search).toBe('?tab=2');
    expect(question()).toBeNull();
  });

  it('closing a dialog (Cancelar) runs at once when clean, and after "Salir sin guardar" when dirty', async () => {
    const onCancel = vi.fn();
    const { user } = renderApp(<NotesForm onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onCancel).toHaveBeenCalledTimes(1);

    await user.type(screen.getByLabelText('Notas'), 'x');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await user.click(await screen.findByRole('button', { name: 'Seguir editando' }));
    await answered();
    expect(onCancel).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await user.click(await screen.findByRole('button', { name: 'Salir sin guardar' }));
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('the tab asks (beforeunload) only while something is unsaved', async () => {
    const { user } = renderApp();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(screen.getByLabelText('Notas'), 'x');
    expect(unload()).toBe(true);
    await user.clear(screen.getByLabelText('Notas'));
    expect(unload()).toBe(false);
  });
});
