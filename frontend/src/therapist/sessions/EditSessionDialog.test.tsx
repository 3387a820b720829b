import type { Session, SessionUpdatePayload } from '@consulta/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoreAdminContext, type DataProvider } from 'ra-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/core/http';
import { getToasts } from '../../components/toast/toastStore';
import { aSession } from '../../test/factories';
import { EditSessionDialog } from './EditSessionDialog';
import { stubDataProvider } from '../../test/stubDataProvider';

const SESSION = aSession({
  numero_sesion: 3,
  notas: 'Habló del trabajo',
  temas_importantes: 'Duelo',
  analisis_ia: 'Análisis para el terapeuta',
});

function renderDialog(updateSession: (id: string, data: SessionUpdatePayload) => Promise<Session>) {
  const dataProvider = stubDataProvider({
    getList: () => Promise.resolve({ data: [], total: 0 }),
    updateSession,
  });
  const onSaved = vi.fn();
  const onClose = vi.fn();
  render(
    <CoreAdminContext dataProvider={dataProvider as unknown as DataProvider}>
      <EditSessionDialog session={SESSION} onClose={onClose} onSaved={onSaved} />
    </CoreAdminContext>,
  );
  return { onSaved, onClose, user: userEvent.setup({ delay: null }) };
}

const toastTexts = () => getToasts().map((t) => [t.title, t.description].filter(Boolean).join(': '));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('EditSessionDialog', () => {
  it('shows the session, its editable number and its analysis; saves only what changed', async () => {
    const updateSession = vi.fn((_id: string, data: SessionUpdatePayload) => Promise.resolve({ ...SESSION, ...data } as Session));
    const { onSaved, user } = renderDialog(updateSession);
    const dialog = screen.getByRole('dialog', { name: 'Editar sesión #3', hidden: true });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByLabelText('Número de sesión')).toHaveValue(3);
    expect(screen.getByRole('tab', { name: 'Análisis IA', hidden: true })).toBeInTheDocument();
    const notes = screen.getByLabelText(/^Notas/);
    await user.click(notes);
    await user.paste(' y de su familia');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios', hidden: true }));
    await vi.waitFor(() => expect(toastTexts()).toContain('Sesión actualizada'));
    expect(updateSession).toHaveBeenCalledWith('s1', { notas: 'Habló del trabajo y de su familia' });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ notas: 'Habló del trabajo y de su familia' }));
  });

  it('refuses an empty required field; reports a failed update with its title', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // react-admin logs the failed call
    const updateSession = vi.fn(() =>
      Promise.reject(new ApiError('x', 400, { detail: 'Ya existe la sesión número 2 para este paciente', code: 'VALIDATION' })),
    );
    const { onSaved, user } = renderDialog(updateSession);
    await user.clear(screen.getByLabelText(/^Temas importantes/));
    await user.click(screen.getByRole('button', { name: 'Guardar cambios', hidden: true }));
    expect(screen.getByLabelText(/^Temas importantes/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Temas importantes/)).toHaveFocus();
    expect(screen.getByText('Los temas importantes son requeridos para sesiones de psicoterapia')).toBeInTheDocument();
    expect(screen.getByTestId('form-problems')).toHaveTextContent('Falta: Temas importantes.');
    expect(updateSession).not.toHaveBeenCalled();

    await user.click(screen.getByLabelText(/^Temas importantes/));
    await user.paste('Duelo');
    const number = screen.getByLabelText('Número de sesión');
    await user.clear(number);
    await user.type(number, '2');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios', hidden: true }));
    await vi.waitFor(() =>
      expect(toastTexts()).toContain('Error al actualizar la sesión: Ya existe la sesión número 2 para este paciente'),
    );
    expect(updateSession).toHaveBeenCalledWith('s1', { numero_sesion: 2 });
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('closes without a call when nothing changed', async () => {
    const updateSession = vi.fn();
    const { onClose, user } = renderDialog(updateSession);
    await user.click(screen.getByRole('button', { name: 'Guardar cambios', hidden: true }));
    expect(onClose).toHaveBeenCalled();
    expect(updateSession).not.toHaveBeenCalled();
  });

  it('marks what the patient will see and what stays private', async () => {
    const { user } = renderDialog(vi.fn());
    expect(screen.getByLabelText(/^Notas/)).toHaveAccessibleDescription('Privado: solo para ti');
    expect(screen.getByLabelText(/^Temas importantes/)).toHaveAccessibleDescription('Visible para el paciente');
    expect(screen.getByTestId('audience-basics')).toHaveTextContent(/^Visible para el paciente: la fecha, el número, el tipo/);
    await user.click(screen.getByRole('tab', { name: 'Transcripción', hidden: true }));
    expect(screen.getByRole('textbox', { name: 'Transcripción', hidden: true })).toHaveAccessibleDescription('Visible para el paciente');
    await user.click(screen.getByRole('tab', { name: 'Análisis IA', hidden: true }));
    expect(screen.getByTestId('audience-analisis_ia')).toHaveTextContent('Privado: solo para ti');
    expect(screen.getByLabelText('Versión para el paciente')).toHaveAccessibleDescription(/^Visible para el paciente cuando la publiques/);
  });

  it('closes with Escape, but not while saving', async () => {
    let finish: (session: Session) => void = () => undefined;
    const updateSession = vi.fn(() => new Promise<Session>((resolve) => (finish = resolve)));
    const { onClose, user } = renderDialog(updateSession);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByLabelText(/^Notas/));
    await user.paste('.');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios', hidden: true }));
    await vi.waitFor(() => expect(updateSession).toHaveBeenCalled());
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    finish({ ...SESSION, notas: 'Habló del trabajo.' });
    await vi.waitFor(() => expect(toastTexts()).toContain('Sesión actualizada'));
  });
});
