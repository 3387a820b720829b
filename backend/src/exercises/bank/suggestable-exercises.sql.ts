import { EXERCISE_SUGGESTION_LIMITS } from '@consulta/shared';
import type { Execute } from '../../common/sql/execute';
import { EXERCISES_OF } from './bank.sql';

/** An exercise of the bank as the AI is shown it when it suggests homework. */
export interface SuggestableExercise {
  id: string;
  titulo: string;
  categoria: string | null;
  /** The start of the description (EXERCISE_SUGGESTION_LIMITS.descriptionMax characters), or null. */
  descripcion: string | null;
  /** The patient has it already (individually or through a module). */
  asignado: boolean;
}

/**
 * The newest EXERCISE_SUGGESTION_LIMITS.bankMax exercises still in the therapist's bank (retired ones never), and
 * whether `patientId` has each: what 'Sugerir ejercicios' may choose from. `substr` reads only the start of a long
 * description.
 */
export function suggestableExercises(execute: Execute, therapistId: string, patientId: string): Promise<SuggestableExercise[]> {
  const { descriptionMax, bankMax } = EXERCISE_SUGGESTION_LIMITS;
  return execute(
    `select e.id, e.titulo, e.categoria, nullif(btrim(substr(e.descripcion, 1, ?)), '') as descripcion,
       (exists (select 1 from patient_exercises pe where pe.patient_id = ? and pe.exercise_id = e.id)
        or exists (select 1 from module_exercises me join patient_modules pm on pm.module_id = me.module_id
                   where pm.patient_id = ? and me.exercise_id = e.id)) as asignado
     ${EXERCISES_OF} order by e.fecha_creacion desc, e.id limit ?`,
    [descriptionMax, patientId, patientId, therapistId, bankMax],
  ) as Promise<SuggestableExercise[]>;
}

/** Of `ids` (uuids), those still in the therapist's bank now (an exercise retired or deleted meanwhile is left out). */
export async function exercisesStillInBank(execute: Execute, therapistId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = (await execute(`select e.id ${EXERCISES_OF} and e.id = any(string_to_array(?, ',')::uuid[])`, [
    therapistId,
    ids.join(','),
  ])) as { id: string }[];
  return new Set(rows.map((r) => r.id));
}
