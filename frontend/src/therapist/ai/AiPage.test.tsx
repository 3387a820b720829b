import { AI_CHAT_TEXT, STORAGE_KEYS } from '@consulta/shared';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { CoreAdminContext } from 'ra-core';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../app/auth/AuthContext';
import { ApiError } from '../../app/core/http';
import { getToasts } from '../../components/toast/toastStore';
import { stubDataProvider } from '../../test/stubDataProvider';
import { AiPage } from './AiPage';

const USER = { id: 't1', role: 'terapeuta', name: 'Dra. Ana Martínez', email: 'ana@ejemplo.com', avatar_url: null, foto_perfil: null };

/** The server's /config (with or without an AI provider) and /auth/me. */
const config = (iaConfigurada: boolean) =>
  vi.fn((url: string) =>
    Promise.resolve(
      new Response(
        JSON.stringify(url.endsWith('/auth/me') ? USER : { google_client_id: null, demo_login: false, ia_configurada: iaConfigurada }),
        { status: 200 },
      ),
    ),
  );

function renderPage(methods: Record<string, unknown>) {
  render(
    <MemoryRouter>
      <AuthProvider>
        <CoreAdminContext dataProvider={stubDataProvider(methods)}>
          <AiPage />
        </CoreAdminContext>
      </AuthProvider>
    </MemoryRouter>,
  );
}

const statistics = { total_patients: 5, total_sessions: 12, exercises_created: 8, modules_created: 2 };

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'tok');
  localStorage.setItem(STORAGE_KEYS.authUser, JSON.stringify(USER));
});

describe('Consultar IA', () => {
  it('shows the data available to the AI and greets the therapist by name', async () => {
    vi.stubGlobal('fetch', config(true));
    renderPage({ getAiContext: () => Promise.resolve({ statistics }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Consultar IA' })).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Datos Disponibles para la IA' });
    expect(await within(card).findByText('12')).toBeInTheDocument();
    const figures = within(card)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    const terms = within(card)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(Object.fromEntries(terms.map((t, i) => [t, figures[i]]))).toEqual({
      Pacientes: '5',
      Sesiones: '12',
      'Ejercicios creados': '8',
      'Módulos creados': '2',
    });
    expect(await screen.findByText(/¡Hola, Dra. Ana Martínez! Soy tu asistente de IA/)).toBeInTheDocument();
    expect(screen.getByTestId('chat-panel')).toHaveStyle({ height: '400px' });
    expect(screen.getByRole('link', { name: 'Qué se envía a la IA' })).toHaveAttribute('href', '/dashboard/terapeuta/que-se-envia-a-la-ia');
  });

  it('asks the practice-wide assistant; a failure shows the spec’s toast and bubble', async () => {
    vi.stubGlobal('fetch', config(true));
    const askAssistant = vi.fn((_request: unknown, _options: unknown) =>
      Promise.reject(
        new ApiError('El asistente de IA no está disponible en este momento.', 502, {
          detail: 'El asistente de IA no está disponible en este momento.',
          code: 'AI_PROVIDER_FAILED',
        }),
      ),
    );
    renderPage({ getAiContext: () => Promise.resolve({ statistics }), askAssistant });
    fireEvent.change(screen.getByRole('textbox', { name: 'Mensaje para el asistente' }), {
      target: { value: '¿Cuántos pacientes activos tengo?' },
    });
    await act(async () => fireEvent.keyDown(screen.getByRole('textbox', { name: 'Mensaje para el asistente' }), { key: 'Enter' }));
    expect(askAssistant).toHaveBeenCalledWith(
      { message: '¿Cuántos pacientes activos tengo?', history: [] },
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
    expect(await screen.findByText(AI_CHAT_TEXT.failedBubble)).toBeInTheDocument();
    expect(getToasts().map((t) => [t.title, t.description])).toEqual([
      [AI_CHAT_TEXT.failedToast, 'El asistente de IA no está disponible en este momento.'],
    ]);
  });

  it('says when the server has no AI provider', async () => {
    vi.stubGlobal('fetch', config(false));
    renderPage({ getAiContext: () => Promise.resolve({ statistics }) });
    expect(await screen.findByText('La IA no está configurada en este servidor: el asistente no está disponible.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Mensaje para el asistente' })).toBeNull();
  });
});
