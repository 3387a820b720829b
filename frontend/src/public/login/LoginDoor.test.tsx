import { STORAGE_KEYS } from '@consulta/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../components/toast/toastStore';
import { LoginDoor } from './LoginDoor';

const fetchMock = vi.fn<typeof fetch>();
const TOKEN = 'h.eyJzdWIiOiJwMSJ9.s';
const patient = { id: 'p1', email: 'luis@x.es', name: 'Luis Pérez', role: 'paciente', avatar_url: null, foto_perfil: null };
const ok = (body: unknown) => () => new Response(JSON.stringify(body), { status: 200 });

function serve(routes: Record<string, () => Response>) {
  fetchMock.mockImplementation(async (input) => {
    const handler = routes[String(input)];
    return handler ? handler() : new Response(JSON.stringify({ detail: 'Not found' }), { status: 404 });
  });
}

function renderDoor() {
  const enterApp = vi.fn(async () => undefined);
  const preloadApp = vi.fn();
  render(<LoginDoor enterApp={enterApp} preloadApp={preloadApp} />);
  return { enterApp, preloadApp };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(null, '', '/login');
});
afterEach(() => {
  fetchMock.mockReset();
});

describe('LoginDoor', () => {
  it('signs in outside the app, then enters it at the dashboard with the user (the app is asked for as it starts)', async () => {
    serve({
      '/api/v1/config': ok({ google_client_id: null, demo_login: false }),
      '/api/v1/auth/login/patient': ok({ access_token: TOKEN, must_change_password: false }),
      '/api/v1/auth/me': ok(patient),
    });
    const { enterApp, preloadApp } = renderDoor();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'luis@x.es');
    await user.type(screen.getByLabelText(/^Contraseña/), 'Secreta$123');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await vi.waitFor(() => expect(enterApp).toHaveBeenCalledTimes(1));
    expect(preloadApp).toHaveBeenCalled();
    expect(enterApp).toHaveBeenCalledWith('/dashboard/paciente', { replace: true, signedIn: expect.objectContaining({ id: 'p1' }) });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe(TOKEN);
    expect(localStorage.getItem(STORAGE_KEYS.mustChangePassword)).toBeNull();
    expect(getToasts().map((t) => t.title)).toEqual(['Acceso exitoso']);
  });

  it('goes back to the page a guard sent the user away from, kept in the history state', async () => {
    window.history.replaceState({ usr: { from: '/dashboard/paciente/sesiones?x=1' }, key: 'k', idx: 0 }, '', '/login');
    serve({
      '/api/v1/config': ok({ google_client_id: null, demo_login: false }),
      '/api/v1/auth/login/patient': ok({ access_token: TOKEN, must_change_password: false }),
      '/api/v1/auth/me': ok(patient),
    });
    const { enterApp } = renderDoor();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'luis@x.es');
    await user.type(screen.getByLabelText(/^Contraseña/), 'Secreta$123');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await vi.waitFor(() => expect(enterApp).toHaveBeenCalledWith('/dashboard/paciente/sesiones?x=1', expect.anything()));
  });

  it('marks the empty fields invalid, each with its message, and stays on the door', async () => {
    serve({ '/api/v1/config': ok({ google_client_id: null, demo_login: false }) });
    const { enterApp } = renderDoor();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    const email = screen.getByLabelText(/^Email/);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('El email es requerido');
    expect(screen.getByLabelText(/^Contraseña/)).toHaveAccessibleDescription('La contraseña es requerida');
    expect(enterApp).not.toHaveBeenCalled();
  });

  it('follows its links through the app, and a tab is chosen with the keyboard as in MUI', async () => {
    serve({ '/api/v1/config': ok({ google_client_id: null, demo_login: false }) });
    const { enterApp } = renderDoor();
    const user = userEvent.setup();
    const patientTab = screen.getByRole('tab', { name: 'Paciente' });
    const therapistTab = screen.getByRole('tab', { name: 'Terapeuta' });
    expect(therapistTab).toHaveAttribute('tabindex', '-1');
    patientTab.focus();
    await user.keyboard('{ArrowRight}');
    expect(therapistTab).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(therapistTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText(/Los terapeutas solo pueden iniciar sesión con Google/)).toBeInTheDocument();
    await user.click(patientTab);
    await user.click(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' }));
    expect(enterApp).toHaveBeenCalledWith('/forgot-password');
  });
});
