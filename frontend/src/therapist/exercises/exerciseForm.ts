import { EXERCISE_LIMITS, MSG, blankToNull, fillMessage, type Exercise, type ExercisePayload } from '@consulta/shared';

/** The create/edit exercise dialog: title required, one category or none, files, patients on creation. */
export interface ExerciseForm {
  titulo: string;
  descripcion: string;
  /** One of EXERCISE_CATEGORIES, or '' for none. */
  categoria: string;
  /** Storage keys of its files, in order. */
  archivos: string[];
  /** Creation only: assign it to these patients at once. */
  pacienteIds: string[];
}

export const emptyExerciseForm = (pacienteIds: string[] = []): ExerciseForm => ({
  titulo: '',
  descripcion: '',
  categoria: '',
  archivos: [],
  pacienteIds,
});

export const exerciseToForm = (exercise: Exercise): ExerciseForm => ({
  titulo: exercise.titulo,
  descripcion: exercise.descripcion ?? '',
  categoria: exercise.categoria ?? '',
  archivos: [...exercise.archivo_url],
  pacienteIds: [],
});

export interface ExerciseErrors {
  titulo?: string;
  archivos?: string;
}

export function validateExercise(form: ExerciseForm): ExerciseErrors {
  const errors: ExerciseErrors = {};
  if (!form.titulo.trim()) errors.titulo = MSG.exercises.titleRequired;
  if (form.archivos.length > EXERCISE_LIMITS.filesMax) errors.archivos = MSG.exercises.tooManyFiles;
  return errors;
}

/** POST or PUT /ejercicios/ body; patients only on creation (and only when some are chosen). */
export function toExercisePayload(form: ExerciseForm, creating: boolean): ExercisePayload {
  return {
    titulo: form.titulo.trim(),
    descripcion: blankToNull(form.descripcion),
    categoria: form.categoria || null,
    archivo_url: form.archivos,
    ...(creating && form.pacienteIds.length > 0 ? { paciente_ids: form.pacienteIds } : {}),
  };
}

/** 'Ejercicio creado correctamente', with ' y asignado a N paciente(s)' when assigned on creation. */
export const createdMessage = (assigned: number): string =>
  MSG.exercises.created + (assigned > 0 ? fillMessage(MSG.exercises.createdAssigned, { n: assigned }) : '');
