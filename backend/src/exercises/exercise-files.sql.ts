import type { FileReference } from '../storage/file-reference';

/** Whether exercise `e` is on patient `patient`'s list (assigned individually or through an assigned module). */
const onListOf = (patient: string) => `(
      exists (select 1 from patient_exercises pe where pe.patient_id = ${patient} and pe.exercise_id = e.id)
      or exists (select 1 from patient_modules pm join module_exercises mx on mx.module_id = pm.module_id
                 where pm.patient_id = ${patient} and mx.exercise_id = e.id))`;

/**
 * An exercise's files (`archivos`): the therapist's bank's, nobody's record (not deleted with a patient); a patient
 * may read them, and their exports copy them, while the exercise is on their list.
 */
export const EXERCISE_FILES: FileReference = {
  refersTo: (key) => `exists (select 1 from exercises e where e.archivos @> array[${key}]::text[])`,
  readableBy: (patient, key) => `exists (select 1 from exercises e where e.archivos @> array[${key}]::text[] and ${onListOf(patient)})`,
  exported: {
    select: (patient) => `select a.key, 'ejercicio' as origen, e.id::text as referencia, e.titulo as etiqueta, e.fecha_creacion as orden
      from exercises e cross join lateral unnest(e.archivos) as a(key) where ${onListOf(patient)}`,
  },
};
