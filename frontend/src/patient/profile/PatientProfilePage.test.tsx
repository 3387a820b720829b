import type { PatientOwnProfile } from '@consulta/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoreAdminContext } from 'ra-core';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/core/http';
import { getToasts } from '../../components/toast/toastStore';
import { aPatientProfile } from '../../test/factories';
import { stubDataProvider } from '../../test/stubDataProvider';
import { waitForUppyTimersAfterAll } from '../../test/uppy';
import { PatientProfilePage } from './PatientProfilePage';

// The page mounts an uploader (Uppy): its connection check must run before the environment goes.
waitForUppyTimersAfterAll();

const updateUser = vi.fn();
vi.mock('../../app/auth/AuthContext', () => ({ useAuth: () => ({ user: { name: 'Lucía Fernández' }, updateUser }) }));

const PROFILE = aPatientProfile({
  apellido: 'Fernández Ruiz',
  email: 'lucia@example.com',
  telefono: '+34612345678',
  fecha_nacimiento: '1990-05-12',
  fecha_ingreso: '2026-03-10',
  proxima_sesion: '2026-12-02T09:00:00.000Z',
  sesiones_completadas: 5,
  ultima_sesion: '2026-11-20T16:00:00.000Z',
});

function renderPage(methods: Record<string, unknown> = {}) {
  const calls = {
    myProfile: vi.fn(() => Promise.resolve(PROFILE)),
    updateMyProfile: vi.fn((changes: Partial<PatientOwnProfile>) => Promise.resolve({ ...PROFILE, ...changes })),
    ...methods,
  };
  render(
    <MemoryRouter>
      <CoreAdminContext dataProvider={stubDataProvider(calls)}>
        <PatientProfilePage />
      </CoreAdminContext>
    </MemoryRouter>,
  );
  return calls;
}

afterEach(() => {
  updateUser.mockReset();
  vi.restoreAllMocks();
});

describe("'Mi Perfil' of a patient", () => {
  it('shows the read-only and editable information and the therapy card', async () => {
    renderPage();
    const personal = await screen.findByTestId('personal-card');
    for (const text of ['Lucía Fernández Ruiz', 'lucia@example.com', '10/03/2026', 'Activo', '12/05/1990', '+34 612 34 56 78']) {
      expect(within(personal).getByText(text)).toBeInTheDocument();
    }
    // Gender and address not given yet; notes are shown only when there are some.
    expect(within(personal).getByText('Género')).toBeInTheDocument();
    expect(within(personal).getAllByText('No especificado')).toHaveLength(2);
    expect(within(personal).queryByText('Mis notas')).not.toBeInTheDocument();
    const therapy = screen.getByTestId('therapy-card');
    expect(within(therapy).getByText('Dra. Ana Martínez')).toBeInTheDocument();
    expect(within(therapy).getByText('5')).toBeInTheDocument();
    expect(within(therapy).getByText(/02\/12\/2026/)).toBeInTheDocument();
  });

  it("links to 'Qué se envía a la IA' beside the consents: what the assistant sends about them", async () => {
    renderPage();
    const consents = await screen.findByTestId('my-consents');
    expect(within(consents).getByRole('link', { name: 'Qué se envía a la IA' })).toHaveAttribute(
      'href',
      '/dashboard/paciente/que-se-envia-a-la-ia',
    );
  });

  it("Cancelar asks, then discards the edits; 'Guardar cambios' sends only what changed and says so", async () => {
    const user = userEvent.setup();
    const calls = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Editar Perfil' }));
    fireEvent.change(screen.getByLabelText('Dirección'), { target: { value: 'Calle Falsa 1' } });
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await user.click(await screen.findByRole('button', { name: 'Seguir editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '¿Salir sin guardar?' })).toBeNull());
    expect(screen.getByLabelText('Dirección')).toHaveValue('Calle Falsa 1');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await user.click(await screen.findByRole('button', { name: 'Salir sin guardar' }));
    expect(await screen.findByRole('button', { name: 'Editar Perfil' })).toBeInTheDocument();
    expect(screen.queryByText('Calle Falsa 1')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Editar Perfil' }));
    expect(screen.getByLabelText('Dirección')).toHaveValue('');
    // Typed fields are set in one change each (typing them key by key is slow on a busy machine, and says nothing more).
    fireEvent.change(screen.getByLabelText('Dirección'), { target: { value: 'Calle Mayor 1' } });
    fireEvent.change(screen.getByLabelText('Teléfono'), { target: { value: '699 111 222' } });
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(calls.updateMyProfile).toHaveBeenCalledWith({ telefono: '+34699111222', direccion: 'Calle Mayor 1' }));
    expect(await screen.findByText('Calle Mayor 1')).toBeInTheDocument();
    expect(getToasts().map((t) => [t.title, t.description])).toEqual([
      ['Perfil actualizado', 'Tus cambios han sido guardados correctamente.'],
    ]);
    expect(updateUser).toHaveBeenCalledWith({ avatar_url: null, foto_perfil: null }, { silent: true });
  });

  it('the patient writes their gender and their own notes, told that their therapist reads them', async () => {
    const user = userEvent.setup();
    const calls = renderPage({
      myProfile: vi.fn(() => Promise.resolve({ ...PROFILE, genero: 'Mujer', notas: 'Trabajo de noche.\nPrefiero las tardes.' })),
    });
    const personal = await screen.findByTestId('personal-card');
    expect(within(personal).getByText('Mujer')).toBeInTheDocument();
    expect(within(personal).getByText('Mis notas')).toBeInTheDocument();
    expect(within(personal).getByText(/Trabajo de noche\./)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Editar Perfil' }));
    expect(screen.getByLabelText('Género')).toHaveValue('Mujer');
    const notes = screen.getByLabelText('Mis notas');
    expect(notes).toHaveValue('Trabajo de noche.\nPrefiero las tardes.');
    expect(notes).toHaveAccessibleDescription(/Tu terapeuta puede leerlo\. 38\/2000/);
    fireEvent.change(notes, { target: { value: 'n'.repeat(2001) } });
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Tus notas no pueden tener más de 2000 caracteres')).toBeInTheDocument();
    expect(calls.updateMyProfile).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Género'), { target: { value: 'Mujer trans' } });
    fireEvent.change(notes, { target: { value: 'Trabajo de noche. ' } });
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(calls.updateMyProfile).toHaveBeenCalledWith({ genero: 'Mujer trans', notas: 'Trabajo de noche.' }));
    expect(await screen.findByText('Mujer trans')).toBeInTheDocument();
    expect(screen.getByText('Trabajo de noche.')).toBeInTheDocument();
  });

  it('checks the phone before sending, and shows the server detail when saving fails', async () => {
    const user = userEvent.setup();
    const calls = renderPage({
      updateMyProfile: vi.fn(() =>
        Promise.reject(
          new ApiError('La fecha de nacimiento no es válida', 400, { detail: 'La fecha de nacimiento no es válida', code: 'VALIDATION' }),
        ),
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Editar Perfil' }));
    fireEvent.change(screen.getByLabelText('Teléfono'), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('El teléfono es requerido')).toBeInTheDocument();
    expect(calls.updateMyProfile).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Teléfono'), { target: { value: '612345678' } });
    // The date picker's own input takes the date as it shows it.
    fireEvent.change(document.querySelector('[data-field="fecha_nacimiento"] input')!, { target: { value: '01/01/1991' } });
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() =>
      expect(getToasts().map((t) => [t.title, t.description])).toEqual([
        ['No se pudo actualizar el perfil', 'La fecha de nacimiento no es válida'],
      ]),
    );
    expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeInTheDocument();
  });

  it("a profile that cannot be loaded says 'No se pudo cargar el perfil'", async () => {
    renderPage({ myProfile: () => Promise.reject(new ApiError('x', 404, { detail: 'Paciente no encontrado', code: 'NOT_FOUND' })) });
    expect(await screen.findByText('No se pudo cargar el perfil')).toBeInTheDocument();
  });
});
