import type { PatientDashboard } from '@consulta/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { CoreAdminContext } from 'ra-core';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/core/http';
import { stubDataProvider } from '../../test/stubDataProvider';
import { PatientHome } from './PatientHome';

vi.mock('../../app/auth/AuthContext', () => ({ useAuth: () => ({ user: { name: 'Lucía Fernández Ruiz' } }) }));

const daysAgo = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() - n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const DASHBOARD: PatientDashboard = {
  nombre: 'Lucía',
  total_sesiones: 6,
  total_tiempo_minutos: 335,
  ejercicios_asignados: 4,
  fecha_ingreso: daysAgo(45),
  sesiones_recientes: [
    { id: 's6', numero_sesion: 6, fecha: '2026-11-20T16:00:00.000Z', duracion_minutos: 50 },
    { id: 's5', numero_sesion: 5, fecha: '2026-11-13T16:00:00.000Z', duracion_minutos: 75 },
  ],
  ultima_sesion: '2026-11-20T16:00:00.000Z',
  proxima_cita: '2026-12-02T09:00:00.000Z',
};

function renderHome(myDashboard: () => Promise<PatientDashboard>) {
  render(
    <MemoryRouter>
      <CoreAdminContext dataProvider={stubDataProvider({ myDashboard })}>
        <PatientHome />
      </CoreAdminContext>
    </MemoryRouter>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('PatientHome', () => {
  it('greets by name and shows the four counters, recent sessions, next appointment and last session', async () => {
    renderHome(() => Promise.resolve(DASHBOARD));
    expect(await screen.findByTestId('stat-sessions-value')).toHaveTextContent('6');
    expect(screen.getByTestId('patient-greeting')).toHaveTextContent('Hola, Lucía');
    expect(screen.getByTestId('stat-time-value')).toHaveTextContent('5h 35min');
    expect(screen.getByTestId('stat-exercises-value')).toHaveTextContent('4');
    expect(screen.getByTestId('stat-days-value')).toHaveTextContent('45 días');
    const recent = within(screen.getByTestId('recent-sessions')).getAllByRole('link');
    expect(recent.map((a) => a.getAttribute('href'))).toEqual([
      '/dashboard/paciente/sesiones?sesion=s6',
      '/dashboard/paciente/sesiones?sesion=s5',
    ]);
    expect(recent[1]).toHaveTextContent('1h 15min');
    expect(screen.getByTestId('next-appointment')).toHaveTextContent(/2 de diciembre de 2026/);
    expect(screen.getByTestId('last-session')).toHaveTextContent('Sesión 6 · 50 min');
    expect(screen.getByRole('navigation', { name: 'Accesos directos' })).toBeInTheDocument();
    for (const name of [/Sesiones Anteriores/, /Ejercicios Sugeridos/, /Chat con IA/])
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
  });

  it('a new patient: N/A without an admission date, minutes under an hour, no date cards', async () => {
    renderHome(() =>
      Promise.resolve({
        ...DASHBOARD,
        total_sesiones: 0,
        total_tiempo_minutos: 0,
        fecha_ingreso: null,
        sesiones_recientes: [],
        ultima_sesion: null,
        proxima_cita: null,
      }),
    );
    expect(await screen.findByTestId('stat-days-value')).toHaveTextContent('N/A');
    expect(screen.getByTestId('stat-time-value')).toHaveTextContent('0 min');
    expect(screen.getByText('Aún no tienes sesiones registradas.')).toBeInTheDocument();
    expect(screen.queryByTestId('next-appointment')).not.toBeInTheDocument();
    expect(screen.queryByTestId('last-session')).not.toBeInTheDocument();
  });

  it("a failed load says 'Error al cargar los datos del dashboard' and 'Reintentar' reloads the page", async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    renderHome(() => Promise.reject(new ApiError('Error interno del servidor', 500)));
    expect(await screen.findByText('Error al cargar los datos del dashboard', undefined, { timeout: 5000 })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(reload).toHaveBeenCalled();
  });
});
