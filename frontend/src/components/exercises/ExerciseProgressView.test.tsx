import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { summarizeProgress } from '@consulta/shared';
import { ExerciseProgressView } from './ExerciseProgressView';
import { anAssignedExercise } from '../../test/factories';

const modules = [{ id: 'm1', titulo: 'Ansiedad básica' }];
const progress = summarizeProgress(
  [
    anAssignedExercise({ id: 'a', titulo: 'Uno', completado: true, fecha_completado: '2026-11-21T09:00:00.000Z', modulos: modules }),
    anAssignedExercise({ id: 'b', titulo: 'Dos', completado: true, fecha_completado: '2026-11-22T09:00:00.000Z', categoria: null }),
    anAssignedExercise({ id: 'c', titulo: 'Tres', individual: false, modulos: modules }),
  ],
  modules,
);

describe('ExerciseProgressView', () => {
  it('shows the counters and the overall percent in es-ES', () => {
    render(<ExerciseProgressView progress={progress} />);
    expect(screen.getByText('67 %')).toBeInTheDocument();
    expect(screen.getByText('66,7 %')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progreso general' })).toHaveAttribute('aria-valuetext', '66,7 %');
  });

  it('gives each chart its figures as a table', () => {
    render(<ExerciseProgressView progress={progress} />);
    const byModule = screen.getByRole('table', { name: 'Por módulo' });
    expect(within(byModule).getByRole('row', { name: 'Ansiedad básica 1 1 2 50,0 %' })).toBeInTheDocument();
    const byCategory = screen.getByRole('table', { name: 'Por categoría' });
    expect(within(byCategory).getByRole('row', { name: 'Sin categoría 1 0 1 100,0 %' })).toBeInTheDocument();
    const bySource = screen.getByRole('table', { name: 'Por origen' });
    expect(within(bySource).getByRole('row', { name: 'Individuales 2 0 2 100,0 %' })).toBeInTheDocument();
  });

  it('says under the sources chart how many exercises count in both bars, and only then', () => {
    const { unmount } = render(<ExerciseProgressView progress={progress} sections={['bySource']} />);
    expect(screen.getByTestId('by-source-overlap')).toHaveTextContent(
      '1 ejercicio es individual y también de un módulo: cuenta en las dos barras y una sola vez en el total.',
    );
    unmount();
    const apart = summarizeProgress(
      [anAssignedExercise({ id: 'a' }), anAssignedExercise({ id: 'b', individual: false, modulos: modules })],
      modules,
    );
    render(<ExerciseProgressView progress={apart} sections={['bySource']} />);
    expect(screen.queryByTestId('by-source-overlap')).toBeNull();
  });

  it('lists recent completions newest first with their dates', () => {
    render(<ExerciseProgressView progress={progress} sections={['recent']} />);
    const items = within(screen.getByRole('region', { name: 'Completados recientemente' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['DosCompletado el 22/11/2026', 'UnoCompletado el 21/11/2026']);
    expect(screen.queryByText('Total')).not.toBeInTheDocument();
  });
});
