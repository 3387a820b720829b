import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/core/http';
import { getToasts } from '../../components/toast/toastStore';
import { PatientProgressTab } from './PatientProgressTab';
import { both, fromModule, renderTab, solo, unifiedOf } from './testSetup';

function setup(getPatientExercises = vi.fn(() => Promise.resolve(unifiedOf([solo, both, fromModule])))) {
  renderTab(PatientProgressTab, { getPatientExercises });
  return getPatientExercises;
}

const titles = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((i) => i.querySelector('p')?.textContent);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('PatientProgressTab', () => {
  it('shows the four counters, the overall bar and the charts’ figures', async () => {
    setup();
    const bar = await screen.findByRole('progressbar', { name: 'Progreso general' });
    expect(bar).toHaveAttribute('aria-valuetext', '33,3 %');
    expect(screen.getAllByText('Total')[0].previousSibling).toHaveTextContent('3');
    expect(screen.getAllByText('Completados')[0].previousSibling).toHaveTextContent('1');
    expect(screen.getAllByText('Pendientes')[0].previousSibling).toHaveTextContent('2');
    expect(screen.getByText('33 %')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Por origen' })).getByRole('row', { name: 'Individuales 1 1 2 50,0 %' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Por módulo' })).getByRole('row', { name: 'Ansiedad básica 0 2 2 0,0 %' }),
    ).toBeInTheDocument();
  });

  it('lists the recent completions with their dates and notes', async () => {
    setup();
    const recent = await screen.findByRole('region', { name: 'Completados recientemente' });
    expect(within(recent).getByText('Diario de emociones')).toBeInTheDocument();
    expect(within(recent).getByText('Completado el 22/11/2026')).toBeInTheDocument();
    expect(within(recent).getByText('Notas del paciente: Me ayudó a ordenar el día')).toBeInTheDocument();
  });

  it('filters the detailed list by status and by source', async () => {
    setup();
    const detail = await screen.findByRole('region', { name: 'Detalle de ejercicios' });
    const list = () => within(detail).getByRole('list', { name: 'Detalle de ejercicios' });
    expect(titles(list())).toEqual(['Diario de emociones', 'Respiración', 'Exposición gradual']);
    fireEvent.click(within(detail).getByRole('button', { name: 'Pendientes (2)' }));
    expect(titles(list())).toEqual(['Respiración', 'Exposición gradual']);
    fireEvent.click(within(detail).getByRole('button', { name: 'Individuales (2)' }));
    expect(titles(list())).toEqual(['Respiración']);
    fireEvent.click(within(detail).getByRole('button', { name: 'Completados (1)' }));
    expect(titles(list())).toEqual(['Diario de emociones']);
    fireEvent.click(within(detail).getByRole('button', { name: 'De módulos (2)' }));
    expect(within(detail).getByText('Ningún ejercicio coincide con estos filtros')).toBeInTheDocument();
  });

  it('says the progress could not be loaded and retries', async () => {
    const load = setup(vi.fn(() => Promise.reject(new ApiError('Prohibido', 403, null))));
    fireEvent.click(await screen.findByRole('button', { name: 'Reintentar' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Error al cargar el progreso del paciente');
    expect(getToasts().map((t) => t.title)).toEqual(['Error al cargar el progreso del paciente']);
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
  });
});
