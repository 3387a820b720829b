import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AiDataPage } from './AiDataPage';

describe('Qué se envía a la IA', () => {
  it('lists what is replaced, by which placeholder, and what each AI feature sends', () => {
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
});
