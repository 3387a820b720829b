import TextField from '@mui/material/TextField';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FormProblems } from './FormProblems';
import { problemSummary, serverFieldErrors, useFieldErrors, type FieldErrorsApi } from './useFieldErrors';

type Name = 'nombre' | 'temas' | 'fecha';

function Form({ onApi }: { onApi: (api: FieldErrorsApi<Name>) => void }) {
  const marks = useFieldErrors<Name>();
  onApi(marks);
  return (
    <form {...marks.root}>
      <TextField label="Nombre" defaultValue="Ana" {...marks.field('nombre')} />
      <TextField label="Fecha" required defaultValue="31/02" {...marks.field('fecha', 'dd/mm/aaaa')} />
      <TextField label="Temas importantes" required {...marks.field('temas')} onChange={() => marks.clear('temas')} />
      <FormProblems summary={marks.summary} />
    </form>
  );
}

function setup() {
  let api!: FieldErrorsApi<Name>;
  render(<Form onApi={(a) => (api = a)} />);
  return () => api;
}

describe('useFieldErrors', () => {
  it('marks each field at fault, focuses the first on the page and says what is missing', () => {
    const api = setup();
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    act(() => void api().reveal({ temas: 'Los temas son requeridos', fecha: 'La fecha no es válida' }));
    const fecha = screen.getByRole('textbox', { name: 'Fecha' });
    const temas = screen.getByRole('textbox', { name: 'Temas importantes' });
    expect(fecha).toHaveAttribute('aria-invalid', 'true');
    expect(temas).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveAttribute('aria-invalid', 'false');
    // Page order, not the order of the errors.
    expect(fecha).toHaveFocus();
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Los temas son requeridos')).toBeInTheDocument();
    expect(screen.getByText('dd/mm/aaaa')).toBeInTheDocument();
    expect(screen.getByTestId('form-problems')).toHaveTextContent('Falta: Temas importantes. Revisa: Fecha.');
  });

  it('drops a mark when its field changes, and the summary with the last one', async () => {
    const api = setup();
    act(() => void api().reveal({ temas: 'Los temas son requeridos' }));
    expect(screen.getByTestId('form-problems')).toHaveTextContent('Falta: Temas importantes.');
    await userEvent.type(screen.getByRole('textbox', { name: 'Temas importantes' }), 'x');
    expect(screen.getByRole('textbox', { name: 'Temas importantes' })).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByTestId('form-problems')).toBeNull();
  });

  it('names the fields in page order, whatever the order of the errors', async () => {
    const api = setup();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Nombre' }));
    act(() => void api().reveal({ temas: 'Los temas son requeridos', nombre: 'El nombre es requerido' }));
    expect(screen.getByTestId('form-problems')).toHaveTextContent('Falta: Nombre y Temas importantes.');
  });

  it('answers false and marks nothing without errors', () => {
    const api = setup();
    let shown = true;
    act(() => void (shown = api().reveal({})));
    expect(shown).toBe(false);
    expect(screen.queryByTestId('form-problems')).toBeNull();
  });

  it('reveals the fields a 400 names, by the form names', () => {
    const api = setup();
    // As app/core/http's ApiError carries a 400.
    const error = Object.assign(new Error('x'), {
      status: 400,
      body: { detail: 'x', code: 'VALIDATION', campos: { tema: 'Demasiado largo' } },
    });
    let shown = false;
    act(() => void (shown = api().revealServer(error, { tema: 'temas' })));
    expect(shown).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Temas importantes' })).toHaveFocus();
    expect(screen.getByTestId('form-problems')).toHaveTextContent('Falta: Temas importantes.');
  });
});

describe('serverFieldErrors', () => {
  it('reads campos of a 400 only', () => {
    const body = { detail: 'x', code: 'VALIDATION', campos: { nombre: 'Mal', otro: 'Nada' } };
    const failed = (status: number) => Object.assign(new Error('x'), { status, body });
    expect(serverFieldErrors(failed(400), ['nombre'])).toEqual({ nombre: 'Mal' });
    expect(serverFieldErrors(failed(409), null)).toEqual({});
    expect(serverFieldErrors(new Error('x'), null)).toEqual({});
  });
});

describe('problemSummary', () => {
  it('lists the missing and the wrong fields in Spanish', () => {
    expect(problemSummary(['Notas', 'Temas importantes'], [])).toBe('Falta: Notas y Temas importantes.');
    expect(problemSummary([], ['Fecha'])).toBe('Revisa: Fecha.');
    expect(problemSummary([], [])).toBeNull();
  });
});
