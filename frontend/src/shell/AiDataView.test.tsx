import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPublicConfig } from '../app/core/publicConfig';
import { AI_DATA_PATIENT_TEXT, AI_DATA_TEXT } from '../i18n/es/ai-data';
import { AiDataView } from './AiDataView';

const AiDataPage = () => <AiDataView text={AI_DATA_TEXT} />;
const PatientAiDataPage = () => <AiDataView text={AI_DATA_PATIENT_TEXT} />;

/** The server's /config, sending data as written or not. */
function serverPseudonymizes(on: boolean) {
  resetPublicConfig();
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ google_client_id: null, demo_login: false, ia_configurada: true, ia_seudonimizada: on }), {
          status: 200,
        }),
      ),
    ),
  );
}

// jsdom does not scroll.
beforeEach(() => vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Qué se envía a la IA', () => {
  it('opens at its top, wherever the page with its link was scrolled to', () => {
    serverPseudonymizes(true);
    render(<PatientAiDataPage />);
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0 });
  });

  it('closes cleanly where scrolling answers a promise, as in current Chrome', () => {
    serverPseudonymizes(true);
    vi.mocked(window.scrollTo).mockImplementation((() => Promise.resolve()) as unknown as typeof window.scrollTo);
    const { unmount } = render(<PatientAiDataPage />);
    expect(() => unmount()).not.toThrow();
  });

  it('lists what is replaced, by which placeholder, and what each AI feature sends', () => {
    serverPseudonymizes(true);
    render(<AiDataPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Qué se envía a la IA' })).toBeInTheDocument();
    const [replaced, features] = screen.getAllByRole('table');
    const placeholders = within(replaced)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0].textContent);
    expect(placeholders).toEqual([
      '[PACIENTE], o [PACIENTE_1], [PACIENTE_2]… cuando aparecen varios',
      '[TERAPEUTA]',
      '[EMAIL]',
      '[TELEFONO]',
      '[FECHA_NACIMIENTO]',
    ]);
    expect(
      within(features)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Consultar IA (toda la consulta)',
      'Chat IA de un paciente',
      'Asistente del paciente',
      'Análisis de sesión',
      'Sugerir ejercicios',
      'Transcripción',
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Qué no se reemplaza' })).toBeInTheDocument();
    expect(screen.getByText(/llegan al servicio de transcripción como sonido/)).toBeInTheDocument();
  });

  it('says so, and lists no replacement, where the server sends data as written', async () => {
    serverPseudonymizes(false);
    render(<AiDataPage />);
    expect(await screen.findByTestId('ai-data-not-pseudonymized')).toHaveTextContent(
      'cada función envía sus datos tal como están escritos',
    );
    expect(screen.getAllByRole('table')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Qué se reemplaza' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Qué envía' })).toBeInTheDocument();
  });

  it("the patient's page: what their own assistant sends, their name as [PACIENTE]", () => {
    serverPseudonymizes(true);
    render(<PatientAiDataPage />);
    const [replaced, features] = screen.getAllByRole('table');
    expect(
      within(replaced)
        .getByRole('rowheader', { name: /^Tu nombre/ })
        .closest('tr'),
    ).toHaveTextContent('[PACIENTE]');
    expect(
      within(features)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Tu asistente de IA']);
    expect(screen.queryByText(/Consultar IA/)).not.toBeInTheDocument();
  });
});
