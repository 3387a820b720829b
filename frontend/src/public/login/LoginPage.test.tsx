import { MSG, STORAGE_KEYS } from '@consulta/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AuthProvider } from '../../app/auth/AuthContext';
import { Toaster } from '../../components/toast/Toaster';
import { LoginPage } from './LoginPage';

const fetchMock = vi.fn<typeof fetch>();
const TOKEN = 'h.eyJzdWIiOiJwMSJ9.s';
const patient = { id: 'p1', email: 'luis@x.es', name: 'Luis Pérez', role: 'paciente', avatar_url: null, foto_perfil: null };

type Routes = Record<string, (init?: RequestInit) => Response>;
function serve(routes: Routes) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const handler = routes[url];
    if (!handler) return new Response(JSON.stringify({ detail: 'Not found' }), { status: 404 });
    return handler(init);
  });
}
const ok = (body: unknown) => () => new Response(JSON.stringify(body), { status: 200 });

function renderLogin() {
  return render(
    <MemoryRouter initialEntries={['/login']}>
      <AuthProvider>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/change-password" element={<p>change password page</p>} />
          <Route path="/dashboard/paciente" element={<p>patient home</p>} />
          <Route path="/forgot-password" element={<p>forgot page</p>} />
        </Routes>
      </AuthProvider>
      <Toaster />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  fetchMock.mockReset();
});

describe('LoginPage', () => {
  it('opens on the Paciente tab, clears the expiry marker and links to /forgot-password', async () => {
    sessionStorage.setItem(STORAGE_KEYS.tokenExpiredShown, 'true');
    serve({ '/api/v1/config': ok({ google_client_id: null, demo_login: false }) });
    renderLogin();
    expect(screen.getByRole('tab', { name: 'Paciente' })).toHaveAttribute('aria-selected', 'true');
    expect(sessionStorage.getItem(STORAGE_KEYS.tokenExpiredShown)).toBeNull();
    expect(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toHaveAttribute('href', '/forgot-password');
    // Google only when the server has a client id.
    expect(screen.queryByRole('button', { name: 'Continuar con Google' })).not.toBeInTheDocument();
  });

  it('validates the form before calling the server', async () => {
    serve({ '/api/v1/config': ok({ google_client_id: null, demo_login: false }) });
    renderLogin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(screen.getByText(MSG.required.email)).toBeInTheDocument();
    expect(screen.getByText(MSG.required.password)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/auth/login'))).toBe(false);
  });

  it('says "Error al iniciar sesión" with the server detail on a rejected login', async () => {
    serve({
      '/api/v1/config': ok({ google_client_id: null, demo_login: false }),
      '/api/v1/auth/login/patient': () => new Response(JSON.stringify({ detail: 'Email o contraseña incorrectos' }), { status: 401 }),
    });
    renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'luis@x.es');
    await user.type(screen.getByLabelText(/^Contraseña/), 'mal');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('Error al iniciar sesión')).toBeInTheDocument();
    expect(screen.getByText('Email o contraseña incorrectos')).toBeInTheDocument();
  });

  it('posts {email, contrasenia}, and a temporary password leads to /change-password with the flag set', async () => {
    serve({
      '/api/v1/config': ok({ google_client_id: null, demo_login: false }),
      '/api/v1/auth/login/patient': ok({ access_token: TOKEN, must_change_password: true }),
      '/api/v1/auth/me': ok(patient),
    });
    renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), ' Luis@X.es ');
    await user.type(screen.getByLabelText(/^Contraseña/), 'Temporal$123');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('change password page')).toBeInTheDocument();
    const loginCall = fetchMock.mock.calls.find(([u]) => String(u) === '/api/v1/auth/login/patient')!;
    expect(JSON.parse(String(loginCall[1]?.body))).toEqual({ email: 'luis@x.es', contrasenia: 'Temporal$123' });
    expect(localStorage.getItem(STORAGE_KEYS.mustChangePassword)).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe(TOKEN);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.authUser)!)).toMatchObject({ id: 'p1', role: 'paciente' });
    expect(localStorage.getItem(STORAGE_KEYS.userName)).toBe('Luis Pérez');
    expect(screen.getByText('Acceso exitoso')).toBeInTheDocument();
  });

  it('offers one "Entrar como" button per demo user of the tab', async () => {
    serve({
      '/api/v1/config': ok({ google_client_id: null, demo_login: true }),
      '/api/v1/auth/demo-users': ok([
        { email: 'ana@demo.es', name: 'Dra. Ana Martínez', role: 'terapeuta' },
        { email: 'luis@demo.es', name: 'Luis Pérez', role: 'paciente' },
      ]),
      '/api/v1/auth/demo-login': ok({ access_token: TOKEN, must_change_password: false }),
      '/api/v1/auth/me': ok(patient),
    });
    renderLogin();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Entrar como Luis Pérez' }));
    expect(await screen.findByText('patient home')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.mustChangePassword)).toBeNull();
  });

  it('shows the Google button only when the server has a client id', async () => {
    serve({ '/api/v1/config': ok({ google_client_id: 'cliente.apps.googleusercontent.com', demo_login: false }) });
    renderLogin();
    expect(await screen.findByRole('button', { name: 'Continuar con Google' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Terapeuta' }));
    expect(screen.getByText(/Los terapeutas solo pueden iniciar sesión con Google/)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Continuar con Google' })).toBeInTheDocument();
  });

  it('says "Error de acceso" when the answered token cannot be used', async () => {
    serve({
      '/api/v1/config': ok({ google_client_id: null, demo_login: false }),
      '/api/v1/auth/login/patient': ok({ access_token: 'no-es-un-jwt', must_change_password: false }),
    });
    renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'luis@x.es');
    await user.type(screen.getByLabelText(/^Contraseña/), 'Temporal$123');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('Error de acceso')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(screen.getByRole('tab', { name: 'Paciente' })).toBeInTheDocument();
  });
});
