import { AI_CHAT_TEXT, STORAGE_KEYS } from '@consulta/shared';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { CoreAdminContext } from 'ra-core';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../app/auth/AuthContext';
import { ApiError } from '../../app/core/http';
import { resetPublicConfig } from '../../app/core/publicConfig';
import { stubDataProvider } from '../../test/stubDataProvider';
import { PatientChatPage } from './PatientChatPage';
import { CONSENT_TEXT } from '../../i18n/es/consents';
import { PATIENT_PATHS } from '../paths';

const USER = { id: 'u1', role: 'paciente', name: 'Lucía Fernández Ruiz', email: 'lucia@ejemplo.com', avatar_url: null, foto_perfil: null };

function renderPage(methods: Record<string, unknown>) {
  render(
    <MemoryRouter>
      <AuthProvider>
        <CoreAdminContext dataProvider={stubDataProvider(methods)}>
          <PatientChatPage />
        </CoreAdminContext>
      </AuthProvider>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetPublicConfig();
  localStorage.setItem(STORAGE_KEYS.accessToken, 'tok');
  localStorage.setItem(STORAGE_KEYS.authUser, JSON.stringify(USER));
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(
        new Response(
          JSON.stringify(url.endsWith('/auth/me') ? USER : { google_client_id: null, demo_login: false, ia_configurada: true }),
          { status: 200 },
        ),
      ),
    ),
  );
});

describe('Chat con Asistente IA', () => {
  it('shows the patient’s data, the badges, a welcome by name and the privacy notice, and asks their own assistant', async () => {
    const askMyAssistant = vi.fn((_request: unknown, options: { onToken: (t: string) => void }) => {
      options.onToken('En tu última sesión…');
      return Promise.resolve({
        response: 'En tu última sesión hablaste de tu semana.',
        sesiones: [{ numero_sesion: 3, fecha: '2026-11-20T12:00:00.000Z' }],
      });
    });
    renderPage({
      getMyAiContext: () => Promise.resolve({ statistics: { total_sessions: 5, sessions_with_transcript: 3, sessions_with_analysis: 2 } }),
      askMyAssistant,
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Chat con Asistente IA' })).toBeInTheDocument();
    expect(screen.getByText('Asistente Activo')).toBeInTheDocument();
    expect(screen.getByText('Solo tu información personal')).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Tu información disponible' });
    expect(await within(card).findByText('5')).toBeInTheDocument();
    expect(
      within(card)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['5', '3', '2']);
    expect(
      within(card)
        .getAllByRole('term')
        .map((d) => d.textContent),
    ).toEqual(['Sesiones', 'Con transcripción', 'Con análisis IA']);
    expect(await screen.findByText(/¡Hola, Lucía! Soy tu asistente de IA/)).toBeInTheDocument();
    expect(screen.getByTestId('privacy-notice')).toHaveTextContent('No tiene acceso a las notas privadas de tu terapeuta');

    const input = screen.getByRole('textbox', { name: 'Mensaje para el asistente' });
    fireEvent.change(input, { target: { value: '¿De qué hablamos en mi última sesión?' } });
    await act(async () => fireEvent.keyDown(input, { key: 'Enter' }));
    expect(askMyAssistant).toHaveBeenCalledWith({ message: '¿De qué hablamos en mi última sesión?', history: [] }, expect.anything());
    expect(await screen.findByText('En tu última sesión hablaste de tu semana.')).toBeInTheDocument();
    expect(screen.getByTestId('chat-sources')).toHaveTextContent('Sesiones consultadas: nº 3 (20/11/2026)');
  });

  it('warns in amber when the sessions cannot be loaded, and still offers the chat', async () => {
    renderPage({
      getMyAiContext: () =>
        Promise.reject(new ApiError('Paciente no encontrado', 404, { detail: 'Paciente no encontrado', code: 'NOT_FOUND' })),
    });
    expect(await screen.findByTestId('sessions-load-failed')).toHaveTextContent(AI_CHAT_TEXT.sessionsLoadFailed);
    expect(screen.getByRole('textbox', { name: 'Mensaje para el asistente' })).toBeInTheDocument();
  });
});

describe('Chat con Asistente IA without the AI consent', () => {
  it('says so before the patient types, closes the input with the reason and points to their consents', async () => {
    const askMyAssistant = vi.fn();
    renderPage({
      getMyAiContext: () => Promise.resolve({ statistics: { total_sessions: 1, sessions_with_transcript: 0, sessions_with_analysis: 0 } }),
      myConsents: () => Promise.resolve({ vigentes: { grabacion: true, ia: false, whatsapp: false }, registros: [] }),
      askMyAssistant,
    });
    const notice = await screen.findByTestId('missing-consent-ia');
    expect(notice).toHaveTextContent(CONSENT_TEXT.chatNoConsentTitle);
    expect(notice).toHaveTextContent('Lo registra tu terapeuta');
    expect(within(notice).getByRole('link', { name: CONSENT_TEXT.chatSeeConsents })).toHaveAttribute('href', PATIENT_PATHS.profile);
    expect(screen.getByText(CONSENT_TEXT.chatNoConsentInput)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByText('Asistente Activo')).not.toBeInTheDocument();
    expect(askMyAssistant).not.toHaveBeenCalled();
  });

  it('with the consent in force the input is open and no notice is shown', async () => {
    renderPage({
      getMyAiContext: () => Promise.resolve({ statistics: { total_sessions: 1, sessions_with_transcript: 0, sessions_with_analysis: 0 } }),
      myConsents: () => Promise.resolve({ vigentes: { grabacion: true, ia: true, whatsapp: false }, registros: [] }),
    });
    expect(await screen.findByRole('textbox')).toBeEnabled();
    expect(screen.queryByTestId('missing-consent-ia')).not.toBeInTheDocument();
  });
});
