import type { ExerciseSuggestions, Session, UnifiedExercises } from '@consulta/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoreAdminContext } from 'ra-core';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/core/http';
import type { ConsultaDataProvider } from '../../app/providers/dataProvider';
import { getToasts } from '../../components/toast/toastStore';
import { aSession } from '../../test/factories';
import { consentsGiven, stubDataProvider } from '../../test/stubDataProvider';
import { SuggestedExercises } from './SuggestedExercises';

const SESSION = aSession({ notas: 'Le cuesta dormir antes de las reuniones.' });

const ANSWER: ExerciseSuggestions = {
  sugerencias: [
    {
      ejercicio_id: 'e1',
      titulo: 'Respiración diafragmática 4-6',
      categoria: 'Ansiedad',
      motivo: 'Habló de los nervios antes de las reuniones.',
    },
    { ejercicio_id: 'e2', titulo: 'Higiene del sueño', categoria: null, motivo: 'Dijo que le cuesta dormir.' },
  ],
};

/** The patient's list: `ids` on it. */
const listWith = (...ids: string[]) => Promise.resolve({ ejercicios: ids.map((id) => ({ id })) } as unknown as UnifiedExercises);

function renderSection(methods: Partial<ConsultaDataProvider>, session: Session = SESSION) {
  render(
    <MemoryRouter>
      <CoreAdminContext dataProvider={stubDataProvider({ getConsents: consentsGiven, getPatientExercises: () => listWith(), ...methods })}>
        <SuggestedExercises session={session} />
      </CoreAdminContext>
    </MemoryRouter>,
  );
  return userEvent.setup({ delay: null });
}

const suggestButton = () => screen.getByRole('button', { name: /Sugerir (ejercicios|de nuevo)/ });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('SuggestedExercises', () => {
  it('shows the suggestions with their reasons; one already on the list says so, another is assigned with the usual call', async () => {
    const suggestExercises = vi.fn(() => Promise.resolve(ANSWER));
    const assignExercise = vi.fn((paciente_id: string, ejercicio_id: string) =>
      Promise.resolve({ paciente_id, ejercicio_id, asignado_en: '2026-11-20T10:00:00.000Z' }),
    );
    const getPatientExercises = vi
      .fn()
      .mockImplementationOnce(() => listWith('e2'))
      .mockImplementation(() => listWith('e1', 'e2'));
    const user = renderSection({ suggestExercises, assignExercise, getPatientExercises });

    await waitFor(() => expect(suggestButton()).toBeEnabled());
    expect(getPatientExercises).not.toHaveBeenCalled();
    await user.click(suggestButton());
    expect(suggestExercises).toHaveBeenCalledWith('s1');
    expect(await screen.findByRole('status')).toHaveTextContent('La IA sugiere 2 ejercicios de tu banco.');
    const items = within(screen.getByRole('list', { name: 'Ejercicios sugeridos' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByRole('heading', { name: 'Respiración diafragmática 4-6' })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Ansiedad');
    expect(items[0]).toHaveTextContent('Habló de los nervios antes de las reuniones.');
    expect(items[1]).toHaveTextContent('Sin categoría');
    // On the patient's list already: no second assignment offered.
    expect(await within(items[1]).findByText('Asignado')).toBeInTheDocument();
    expect(within(items[1]).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(items[0]).getByRole('button', { name: 'Asignar Respiración diafragmática 4-6' }));
    expect(assignExercise).toHaveBeenCalledWith('p1', 'e1');
    expect(await within(items[0]).findByText('Asignado')).toBeInTheDocument();
    expect(getToasts()).toEqual([expect.objectContaining({ title: 'Ejercicio asignado correctamente', variant: 'success' })]);
    // The patient's list was read again after the assignment.
    await waitFor(() => expect(getPatientExercises).toHaveBeenCalledTimes(2));
    expect(suggestButton()).toHaveTextContent('Sugerir de nuevo');
  });

  it('says when nothing in the bank fits', async () => {
    const user = renderSection({ suggestExercises: () => Promise.resolve({ sugerencias: [] }) });
    await waitFor(() => expect(suggestButton()).toBeEnabled());
    await user.click(suggestButton());
    expect(await screen.findByRole('status')).toHaveTextContent('La IA no encontró ejercicios de tu banco que encajen con esta sesión.');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('reports a failure with the server’s words', async () => {
    const detail = 'La IA respondió con un formato que no se pudo leer. Por favor, intenta nuevamente.';
    const user = renderSection({
      suggestExercises: () => Promise.reject(new ApiError(detail, 502, { detail, code: 'AI_PROVIDER_FAILED' })),
    });
    await waitFor(() => expect(suggestButton()).toBeEnabled());
    await user.click(suggestButton());
    await waitFor(() =>
      expect(getToasts()).toEqual([
        expect.objectContaining({ title: 'Error al sugerir ejercicios', description: detail, variant: 'error' }),
      ]),
    );
    expect(suggestButton()).toBeEnabled();
  });

  it('without an AI provider the button is disabled and says why', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ google_client_id: null, demo_login: false, ia_configurada: false }), { status: 200 }),
        ),
      ),
    );
    renderSection({});
    const reason = await screen.findByTestId('suggestions-unavailable');
    expect(reason).toHaveTextContent('La IA no está configurada en este servidor: las sugerencias de ejercicios no están disponibles.');
    expect(suggestButton()).toBeDisabled();
    expect(suggestButton()).toHaveAccessibleDescription(reason.textContent!);
  });

  it('without the AI consent it shows the consent notice and the button waits', async () => {
    renderSection({
      getConsents: () => Promise.resolve({ vigentes: { grabacion: true, ia: false, whatsapp: false }, registros: [] }),
    });
    expect(await screen.findByTestId('missing-consent-ia')).toBeInTheDocument();
    expect(suggestButton()).toBeDisabled();
  });

  it('with nothing to read in the session the button is disabled and says why', async () => {
    renderSection({}, { ...SESSION, notas: null });
    expect(await screen.findByTestId('suggestions-unavailable')).toHaveTextContent(
      'Añade la transcripción o las notas de la sesión para recibir sugerencias.',
    );
    expect(suggestButton()).toBeDisabled();
  });
});
