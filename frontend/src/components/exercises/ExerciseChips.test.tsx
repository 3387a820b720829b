import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CategoryChip, FileTypeChip, SourceChips } from './ExerciseChips';
import { anAssignedExercise } from '../../test/factories';

describe('exercise chips', () => {
  it('names the category, or says it has none', () => {
    render(<CategoryChip categoria="Mindfulness" />);
    render(<CategoryChip categoria={null} />);
    expect(screen.getByText('Mindfulness')).toBeInTheDocument();
    expect(screen.getByText('Sin categoría')).toBeInTheDocument();
  });

  it('labels the file type by its extension', () => {
    render(<FileTypeChip fileName="relajacion.mp3" />);
    expect(screen.getByText('Audio')).toBeInTheDocument();
  });

  it('shows both sources of a dual-source exercise and opens a module on click', () => {
    const onModuleClick = vi.fn();
    const item = anAssignedExercise({ individual: true, modulos: [{ id: 'm1', titulo: 'Ansiedad básica' }] });
    render(<SourceChips item={item} onModuleClick={onModuleClick} />);
    expect(screen.getByText('Individual')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Ver módulo Ansiedad básica' }));
    expect(onModuleClick).toHaveBeenCalledWith('m1');
  });

  it('keeps module chips static without a handler', () => {
    render(<SourceChips item={anAssignedExercise({ individual: false, modulos: [{ id: 'm1', titulo: 'Duelo' }] })} />);
    expect(screen.getByText('Duelo')).toBeInTheDocument();
    expect(screen.queryByText('Individual')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
