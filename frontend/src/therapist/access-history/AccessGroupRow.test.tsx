import type { AccessHistoryGroup } from '@consulta/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AccessGroupRow } from './AccessGroupRow';

const at = (h: number, m: number) => new Date(2026, 10, 20, h, m).toISOString();

const group = (veces: number): AccessHistoryGroup => {
  const entradas = Array.from({ length: veces }, (_, i) => ({
    id: String(10 + veces - 1 - i),
    fecha: at(10, veces - 1 - i),
    tipo: 'sesion' as const,
    accion: 'lectura' as const,
    exito: true,
    estado_http: 200,
  }));
  return {
    id: '10',
    fecha: entradas[0].fecha,
    desde: entradas[veces - 1].fecha,
    veces,
    entradas,
    tipo: 'sesion',
    accion: 'lectura',
    usuario_nombre: 'Dra. Ana Martínez',
    usuario_rol: 'terapeuta',
    ip: '10.0.0.7',
    agente: 'Mozilla/5.0 Firefox/133.0',
    exito: true,
    estado_http: 200,
  };
};

const renderRow = (g: AccessHistoryGroup) =>
  render(
    <ul>
      <AccessGroupRow group={g} />
    </ul>,
  );

describe('AccessGroupRow', () => {
  it('shows identical accesses once, with their count and span, and unfolds to each one’s time', async () => {
    const user = userEvent.setup();
    renderRow(group(3));
    const row = screen.getByTestId('access-row');
    expect(within(row).getByText('Lectura · Sesión')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: '3 veces' })).toHaveTextContent('×3');
    expect(within(row).getByText('20/11/2026, 10:00–10:02')).toBeInTheDocument();
    expect(within(row).getByText('10.0.0.7 · Firefox 133')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Los 3 accesos de esta visita' })).toBeNull();

    await user.click(within(row).getByRole('button', { name: 'Ver los 3 accesos' }));
    const times = within(screen.getByRole('list', { name: 'Los 3 accesos de esta visita' })).getAllByRole('listitem');
    expect(times.map((t) => t.textContent)).toEqual([
      '20/11/2026, 10:02 · Lectura · Sesión',
      '20/11/2026, 10:01 · Lectura · Sesión',
      '20/11/2026, 10:00 · Lectura · Sesión',
    ]);
    const hide = within(row).getByRole('button', { name: 'Ocultar los 3 accesos' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    expect(hide).toHaveAttribute('aria-controls', screen.getByRole('list', { name: 'Los 3 accesos de esta visita' }).closest('[id]')!.id);
  });

  it('shows a visit that read and did several things as one row naming them, and each access with its result', async () => {
    const user = userEvent.setup();
    const g = group(3);
    g.entradas[0] = { ...g.entradas[0], tipo: 'ficha', accion: 'modificacion', exito: false, estado_http: 400 };
    renderRow({ ...g, tipo: 'ficha', accion: 'modificacion', exito: false, estado_http: 400 });
    const row = screen.getByTestId('access-row');
    expect(within(row).getByText('Visita · 3 accesos')).toBeInTheDocument();
    expect(within(row).getByTestId('access-row-contents')).toHaveTextContent('Lectura · Sesión (2); Modificación · Ficha del paciente');
    expect(within(row).queryByTestId('access-row-count')).toBeNull();
    expect(within(row).getByText('1 fallido (400)')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Ver los 3 accesos' }));
    const items = within(screen.getByRole('list', { name: 'Los 3 accesos de esta visita' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('20/11/2026, 10:02 · Modificación · Ficha del paciente · Fallido (400)');
    expect(items[1]).toHaveTextContent('20/11/2026, 10:01 · Lectura · Sesión');
  });

  it('shows a single access as before: no count, nothing to unfold', () => {
    renderRow(group(1));
    const row = screen.getByTestId('access-row');
    expect(within(row).getByText('20/11/2026, 10:00')).toBeInTheDocument();
    expect(within(row).queryByTestId('access-row-count')).toBeNull();
    expect(within(row).queryByRole('button')).toBeNull();
  });
});
