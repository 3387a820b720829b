import { describe, expect, it } from 'vitest';
import { anExercise } from '../../test/factories';
import { createdMessage, emptyExerciseForm, exerciseToForm, toExercisePayload, validateExercise } from './exerciseForm';

describe('exercise form', () => {
  it('asks for a title, and refuses more than 10 files', () => {
    expect(validateExercise({ ...emptyExerciseForm(), titulo: '   ' })).toEqual({
      titulo: 'Por favor, ingresa un título para el ejercicio.',
    });
    const files = Array.from({ length: 11 }, (_, i) => `files/t/ejercicios/${i}.pdf`);
    expect(validateExercise({ ...emptyExerciseForm(), titulo: 'Respiración', archivos: files })).toEqual({
      archivos: 'Un ejercicio admite como máximo 10 archivos',
    });
    expect(validateExercise({ ...emptyExerciseForm(), titulo: 'Respiración' })).toEqual({});
  });

  it('sends trimmed texts, no category as null, and patients only when creating', () => {
    const form = { titulo: ' Respiración 4-7-8 ', descripcion: '  ', categoria: '', archivos: ['k1'], pacienteIds: ['p1', 'p2'] };
    expect(toExercisePayload(form, true)).toEqual({
      titulo: 'Respiración 4-7-8',
      descripcion: null,
      categoria: null,
      archivo_url: ['k1'],
      paciente_ids: ['p1', 'p2'],
    });
    expect(toExercisePayload(form, false)).toEqual({
      titulo: 'Respiración 4-7-8',
      descripcion: null,
      categoria: null,
      archivo_url: ['k1'],
    });
    expect(toExercisePayload({ ...form, pacienteIds: [] }, true)).not.toHaveProperty('paciente_ids');
  });

  it('edits what the exercise has', () => {
    const exercise = anExercise({ titulo: 'Diario', descripcion: null, categoria: 'Ansiedad', archivo_url: ['a', 'b'] });
    expect(exerciseToForm(exercise)).toEqual({
      titulo: 'Diario',
      descripcion: '',
      categoria: 'Ansiedad',
      archivos: ['a', 'b'],
      pacienteIds: [],
    });
  });

  it('says how many patients got it on creation', () => {
    expect(createdMessage(0)).toBe('Ejercicio creado correctamente');
    expect(createdMessage(3)).toBe('Ejercicio creado correctamente y asignado a 3 paciente(s)');
  });
});
