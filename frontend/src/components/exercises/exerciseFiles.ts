import { fileNameOfKey, type AssignedExercise } from '@consulta/shared';

/** Every file key of an exercise, in order (older answers may name only the first one). */
export const exerciseFileKeys = (item: AssignedExercise): string[] =>
  item.archivo_ids.length > 0 ? item.archivo_ids : item.archivo_url ? [item.archivo_url] : [];

/** The first file's visible name, or null when it has none. */
export const firstFileName = (item: AssignedExercise): string | null =>
  item.archivo_nombre ?? (item.archivo_url ? fileNameOfKey(item.archivo_url) : null);
