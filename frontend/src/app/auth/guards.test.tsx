import { STORAGE_KEYS, type AuthUser } from '@consulta/shared';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AuthProvider, useAuth } from './AuthContext';
import { ForcePasswordChange, RequireAuth } from './guards';

const therapist: AuthUser = { id: 't1', email: 'ana@x.es', name: 'Ana', role: 'terapeuta', avatar_url: null, foto_perfil: null };
const patient: AuthUser = { id: 'p1', email: 'luis@x.es', name: 'Luis', role: 'paciente', avatar_url: null, foto_perfil: null };

const fetchMock = vi.fn<typeof fetch>();

function storeSession(user: AuthUser) {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'header.eyJzdWIiOiIxIn0.sig');
  localStorage.setItem(STORAGE_KEYS.authUser, JSON.stringify(user));
}

function meAnswers(status: number, body: unknown) {
  fetchMock.mockImplementation(async () => new Response(JSON.stringify(body), { status }));
}

function LoginProbe() {
  const location = useLocation();
  return <p>login page, from={String((location.state as { from?: string } | null)?.from)}</p>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AuthProvider>
        <ForcePasswordChange>
          <Routes>
            <Route path="/login" element={<LoginProbe />} />
            <Route path="/unauthorized" element={<p>unauthorized page</p>} />
            <Route path="/" element={<p>landing page</p>} />
            <Route
              path="/change-password"
              element={
                <RequireAuth>
                  <p>change password page</p>
                </RequireAuth>
              }
            />
            <Route
              path="/dashboard/terapeuta/*"
              element={
                <RequireAuth roles={['terapeuta']}>
                  <p>therapist area</p>
                </RequireAuth>
              }
            />
            <Route
              path="/dashboard/paciente/*"
              element={
                <RequireAuth roles={['paciente']}>
                  <p>patient area</p>
                </RequireAuth>
              }
            />
          </Routes>
        </ForcePasswordChange>
      </AuthProvider>
    </MemoryRouter>,
  );
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
});

describe('route guards', () => {
  it('shows a spinner while the stored session is being validated', async () => {
    storeSession(therapist);
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderAt('/dashboard/terapeuta/pacientes');
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    answer(new Response(JSON.stringify(therapist), { status: 200 }));
    expect(await screen.findByText('therapist area')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v1/auth/me');
  });

  it('sends a visitor to /login, remembering the page', async () => {
    renderAt('/dashboard/terapeuta/pacientes?x=1');
    expect(await screen.findByText('login page, from=/dashboard/terapeuta/pacientes?x=1')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a patient on a therapist route to /unauthorized', async () => {
    storeSession(patient);
    meAnswers(200, patient);
    renderAt('/dashboard/terapeuta/pacientes');
    expect(await screen.findByText('unauthorized page')).toBeInTheDocument();
  });

  it('lets the right role in', async () => {
    storeSession(patient);
    meAnswers(200, patient);
    renderAt('/dashboard/paciente');
    expect(await screen.findByText('patient area')).toBeInTheDocument();
  });

  it('clears an invalid stored session (provider token included) and treats the user as signed out', async () => {
    storeSession(therapist);
    localStorage.setItem(STORAGE_KEYS.providerToken, 'google-token');
    meAnswers(401, { detail: 'No autenticado' });
    renderAt('/dashboard/terapeuta');
    expect(await screen.findByText(/login page/)).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.authUser)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.providerToken)).toBeNull();
  });

  it('keeps a must-change-password user on /change-password, from every other page', async () => {
    storeSession(patient);
    localStorage.setItem(STORAGE_KEYS.mustChangePassword, 'true');
    meAnswers(200, patient);
    renderAt('/dashboard/paciente');
    expect(await screen.findByText('change password page')).toBeInTheDocument();
  });

  it('also forces it from public pages, but only while signed in', async () => {
    storeSession(patient);
    localStorage.setItem(STORAGE_KEYS.mustChangePassword, 'true');
    meAnswers(200, patient);
    renderAt('/');
    expect(await screen.findByText('change password page')).toBeInTheDocument();
  });

  it('ignores the flag for a signed-out visitor', async () => {
    localStorage.setItem(STORAGE_KEYS.mustChangePassword, 'true');
    renderAt('/');
    expect(await screen.findByText('landing page')).toBeInTheDocument();
  });
});

describe('useAuth', () => {
  it('refuses to work outside its provider', () => {
    const Probe = () => {
      useAuth();
      return null;
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Probe />)).toThrow('useAuth must be used within an AuthProvider');
  });
});
