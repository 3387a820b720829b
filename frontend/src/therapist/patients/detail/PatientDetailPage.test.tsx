import { act, render, screen } from '@testing-library/react';
import { CoreAdminContext, ResourceContextProvider, type DataProvider } from 'ra-core';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../app/core/http';
import type { ConsultaDataProvider } from '../../../app/providers/dataProvider';
import { getToasts } from '../../../components/toast/toastStore';
import { aPatient } from '../../../test/factories';
import { PatientDetailPage } from './PatientDetailPage';

const PATIENT = aPatient();

function Location() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

function renderPage(url: string, getPatientDetail: ConsultaDataProvider['getPatientDetail']) {
  const dataProvider = { getPatientDetail, getPatientSessions: () => Promise.resolve([]) } as unknown as DataProvider;
  render(
    <MemoryRouter initialEntries={[url]}>
      <CoreAdminContext dataProvider={dataProvider}>
        <ResourceContextProvider value="pacientes">
          <Routes>
            <Route path="/pacientes/:id/*" element={<PatientDetailPage />} />
          </Routes>
        </ResourceContextProvider>
        <Location />
      </CoreAdminContext>
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('PatientDetailPage', () => {
  it('shows the loading text, then the patient record', async () => {
    renderPage('/pacientes/p1', () => Promise.resolve(PATIENT));
    expect(screen.getByText('Cargando información del paciente...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Lucía Fernández' })).toBeInTheDocument();
    expect(screen.getByTestId('patient-info')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Información del Paciente' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Sesiones' })).toHaveAttribute('href', '/pacientes/p1/sesiones');
  });

  it('opens the tab of the URL, and moves an old ?tab= link to it', async () => {
    renderPage('/pacientes/p1?tab=sessions', () => Promise.resolve(PATIENT));
    expect(await screen.findByText('No hay sesiones registradas para este paciente')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/pacientes/p1/sesiones');
    expect(screen.getByRole('link', { name: 'Sesiones' })).toHaveAttribute('aria-current', 'page');
  });

  it("says 'Paciente no encontrado' for a missing patient, without an error toast", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // react-query logs the failure
    renderPage('/pacientes/p9', () =>
      Promise.reject(new ApiError('Paciente no encontrado', 404, { detail: 'Paciente no encontrado', code: 'NOT_FOUND' })),
    );
    expect(await screen.findByRole('heading', { name: 'Paciente no encontrado' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Volver a Mis Pacientes' }).at(-1)).toHaveAttribute('href', '/pacientes');
    expect(getToasts()).toEqual([]);
  });

  it("reports a failed load as 'Error al cargar datos del paciente' once the retries are spent", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn(() =>
      Promise.reject(new ApiError('Servicio no disponible', 503, { detail: 'Servicio no disponible', code: 'UNAVAILABLE' })),
    );
    renderPage('/pacientes/p1', load);
    // Three retries with a growing delay (the shells' policy for failures that may pass).
    for (let second = 0; second < 40 && !screen.queryByRole('heading', { name: 'Error al cargar datos del paciente' }); second++) {
      await act(() => vi.advanceTimersByTimeAsync(1000));
    }
    expect(screen.getByRole('heading', { name: 'Error al cargar datos del paciente' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(4);
    expect(getToasts()).toEqual([
      expect.objectContaining({ title: 'Error al cargar datos del paciente', description: 'Servicio no disponible' }),
    ]);
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
