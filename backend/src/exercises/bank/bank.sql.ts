import type { EntityManager } from '@mikro-orm/core';
import type { Exercise, Module } from '@consulta/shared';
import { execute } from '../../common/sql/execute';
import { isoTimestamp } from '../../common/sql/iso-timestamp';
import { isUuid } from '../../common/validation/uuid';

/**
 * The bank's rows already in the answer's shape (Exercise, Module), one statement per list: counts are correlated
 * subqueries on indexed links.
 */
export const EXERCISE_COLUMNS = `e.id, e.titulo, e.descripcion, e.categoria,
  e.archivos as archivo_url, e.archivos as archivo_ids, e.archivos[1] as archivo_id,
  (select f.file_name from stored_files f where f.key = e.archivos[1]) as archivo_nombre,
  ${isoTimestamp('e.fecha_creacion')} as fecha_creacion, ${isoTimestamp('e.fecha_actualizacion')} as fecha_actualizacion,
  (select count(*)::int from (
     select pe.patient_id from patient_exercises pe where pe.exercise_id = e.id
     union select pm.patient_id from module_exercises me join patient_modules pm on pm.module_id = me.module_id where me.exercise_id = e.id
   ) x) as pacientes_asignados,
  (select count(*)::int from module_exercises me where me.exercise_id = e.id) as modulos_count`;

/** The caller's exercises still in the bank (retired ones are history on patients' lists only). */
export const EXERCISES_OF = `from exercises e where e.therapist_id = ? and e.eliminado_en is null`;

export const MODULE_COLUMNS = `m.id, m.titulo, m.descripcion,
  ${isoTimestamp('m.fecha_creacion')} as fecha_creacion, ${isoTimestamp('m.fecha_actualizacion')} as fecha_actualizacion,
  (select count(*)::int from module_exercises me where me.module_id = m.id) as ejercicios_count,
  (select count(*)::int from patient_modules pm where pm.module_id = m.id) as pacientes_asignados`;

export const MODULES_OF = `from modules m where m.therapist_id = ?`;

/** A bank's rows of one therapist in the answer's shape: all of them newest first, or one by id (undefined if none). */
const bankRows = <T>(columns: string, rowsOf: string, alias: string) => ({
  all: (em: EntityManager, therapistId: string): Promise<T[]> =>
    execute<T>(em, `select ${columns} ${rowsOf} order by ${alias}.fecha_creacion desc, ${alias}.id`, [therapistId]),
  one: async (em: EntityManager, therapistId: string, id: string): Promise<T | undefined> =>
    isUuid(id) ? (await execute<T>(em, `select ${columns} ${rowsOf} and ${alias}.id = ?`, [therapistId, id]))[0] : undefined,
});

export const EXERCISE_ROWS = bankRows<Exercise>(EXERCISE_COLUMNS, EXERCISES_OF, 'e');
export const MODULE_ROWS = bankRows<Module>(MODULE_COLUMNS, MODULES_OF, 'm');

/**
 * Before module links go (the rows of `module_exercises me` where `leaving` holds): a patient's completed exercise
 * that only those links bring becomes an individual assignment, dated when its module was assigned, so completed
 * work stays on the patient's list (docs/decisions/exercises.md). `leaving` is written for alias `me` and repeated for `me2`;
 * its parameters are passed twice.
 */
export const keepCompletedSql = (leaving: (alias: string) => string): string =>
  `insert into patient_exercises (patient_id, exercise_id, asignado_en)
   select c.patient_id, c.exercise_id, min(pm.asignado_en)
   from module_exercises me
   join patient_modules pm on pm.module_id = me.module_id
   join exercise_completions c on c.patient_id = pm.patient_id and c.exercise_id = me.exercise_id
   where ${leaving('me')}
     and not exists (
       select 1 from patient_modules pm2 join module_exercises me2 on me2.module_id = pm2.module_id
       where pm2.patient_id = c.patient_id and me2.exercise_id = c.exercise_id and not (${leaving('me2')}))
   group by c.patient_id, c.exercise_id
   on conflict do nothing`;

/** Numbers a module's exercises 1..n in their current order (after one left). */
export const RENUMBER_SQL = `update module_exercises me set orden = r.n
  from (select exercise_id, row_number() over (order by orden, exercise_id) as n from module_exercises where module_id = ?) r
  where me.module_id = ? and me.exercise_id = r.exercise_id and me.orden <> r.n`;
