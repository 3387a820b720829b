import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { summarizeProgress, type AssignedExercise, type AssignedModule, type ExerciseProgress, type ModuleRef } from '@consulta/shared';
import { execute } from '../../common/sql/execute';
import { isoTimestamp } from '../../common/sql/iso-timestamp';

/**
 * One row of LIST_SQL: one of the patient's assigned modules (`modulo`), or an item of their list. Columns a row
 * of the other kind has are null.
 */
interface ListRow {
  modulo: boolean;
  id: string;
  titulo: string;
  descripcion: string | null;
  asignado_en: string;
  categoria: string | null;
  archivos: string[];
  archivo_nombre: string | null;
  fecha_creacion: string;
  fecha_completado: string | null;
  notas_paciente: string | null;
  individual: boolean;
  retirado: boolean;
  /** A module's exercises (ids separated by spaces) and their places in it, in the same order; null when empty. */
  ejercicios: string | null;
  ordenes: string | null;
}

export interface PatientExercises {
  /** The list, newest assignment first, as clients receive it. */
  items: AssignedExercise[];
  /** Assigned modules, in assignment order. */
  modules: AssignedModule[];
  /** Each assigned module's exercises and their places (`orden`) in it: module id → exercise id → place. */
  places: Map<string, Map<string, number>>;
}

/**
 * A patient's list in ONE statement: their assigned modules first (in assignment order), each with its exercises
 * and their places, then the items: the union of their individual assignments and their modules' exercises, one
 * item per exercise (docs/decisions/exercises.md), newest assignment first. Every patient-side answer (list, progress,
 * modules, a module's exercises) is cut from it. Plain rows, not JSON built by the database: PostgreSQL 15 looks
 * every value's type up again in json_build_object, which made the JSON of 500 items (~400 KB) most of the
 * request's time. A module's exercises come as text split here (the driver's array parser costs more). The
 * patient's id is each of the 3 parameters.
 */
const LIST_SQL = `
with mods as (
  select m.id, m.titulo, m.descripcion, pm.asignado_en
  from patient_modules pm join modules m on m.id = pm.module_id where pm.patient_id = ?
),
items as (
  select exercise_id as id, min(asignado_en) as asignado_en, bool_or(individual) as individual
  from (
    select pe.exercise_id, pe.asignado_en, true as individual from patient_exercises pe where pe.patient_id = ?
    union all
    select me.exercise_id, mods.asignado_en, false from mods join module_exercises me on me.module_id = mods.id
  ) src
  group by exercise_id
)
select false as modulo, row_number() over (order by i.asignado_en desc, e.titulo, e.id) as pos,
  e.id, e.titulo, e.descripcion, ${isoTimestamp('i.asignado_en')} as asignado_en,
  e.categoria, e.archivos, f.file_name as archivo_nombre, ${isoTimestamp('e.fecha_creacion')} as fecha_creacion,
  ${isoTimestamp('c.completado_en')} as fecha_completado, c.notas_paciente,
  i.individual, e.eliminado_en is not null as retirado, null as ejercicios, null as ordenes
from items i join exercises e on e.id = i.id
left join exercise_completions c on c.patient_id = ? and c.exercise_id = e.id
left join stored_files f on f.key = e.archivos[1]
union all
select true, row_number() over (order by m.asignado_en, m.titulo, m.id), m.id, m.titulo, m.descripcion,
  ${isoTimestamp('m.asignado_en')}, null, null, null, null, null, null, null, null, x.ejercicios, x.ordenes
from mods m cross join lateral (
  -- Both lists aggregate the same rows in the same order, so they stay aligned.
  select string_agg(me.exercise_id::text, ' ') as ejercicios, string_agg(me.orden::text, ' ') as ordenes
  from module_exercises me where me.module_id = m.id
) x
order by modulo desc, pos`;

/**
 * How many exercises the patient `patient` (an SQL expression) has on their list: the sources of LIST_SQL, each
 * exercise once (the patient's dashboard). A test holds it equal to the list's length.
 */
export const assignedExerciseCountSql = (patient: string): string =>
  `(select count(*)::int from (
     select pe.exercise_id from patient_exercises pe where pe.patient_id = ${patient}
     union
     select me.exercise_id from patient_modules pm join module_exercises me on me.module_id = pm.module_id where pm.patient_id = ${patient}
   ) assigned)`;

/** An item from its row and the modules that bring it, in assignment order (the first names the item's module). */
function toItem(row: ListRow, modules: ModuleRef[]): AssignedExercise {
  const first = modules[0] ?? null;
  return {
    id: row.id,
    titulo: row.titulo,
    descripcion: row.descripcion,
    categoria: row.categoria,
    archivo_url: row.archivos[0] ?? null,
    archivo_ids: row.archivos,
    archivo_id: row.archivos[0] ?? null,
    archivo_nombre: row.archivo_nombre,
    asignado_en: row.asignado_en,
    fecha_creacion: row.fecha_creacion,
    completado: row.fecha_completado !== null,
    fecha_completado: row.fecha_completado,
    notas_paciente: row.notas_paciente,
    source: row.individual ? 'individual' : 'module',
    moduleName: first?.titulo ?? null,
    moduleId: first?.id ?? null,
    individual: row.individual,
    modulos: modules,
    retirado: row.retirado,
  };
}

/** Read side of a patient's exercises (progress, and the patient area). */
@Injectable()
export class ProgressQuery {
  constructor(private readonly em: EntityManager) {}

  async load(patientId: string, em: EntityManager = this.em): Promise<PatientExercises> {
    const rows = await execute<ListRow>(em, LIST_SQL, [patientId, patientId, patientId]);
    const list: PatientExercises = { items: [], modules: [], places: new Map() };
    // The modules come first, in assignment order: by the items, each exercise's modules are known in that order.
    const byId = new Map<string, AssignedModule>();
    const bringing = new Map<string, ModuleRef[]>(); // exercise id → the modules that bring it
    for (const row of rows) {
      if (!row.modulo) {
        const refs = bringing.get(row.id) ?? [];
        list.items.push(toItem(row, refs));
        if (row.fecha_completado !== null) for (const ref of refs) byId.get(ref.id)!.completados++;
        continue;
      }
      const { id, titulo, descripcion, asignado_en } = row;
      const exercises = row.ejercicios?.split(' ') ?? [];
      const places = row.ordenes?.split(' ') ?? [];
      const module = { id, titulo, descripcion, asignado_en, paciente_id: patientId, ejercicios_count: exercises.length, completados: 0 };
      list.modules.push(module);
      list.places.set(id, new Map(exercises.map((exercise, k) => [exercise, Number(places[k])])));
      byId.set(id, module);
      const ref = { id, titulo };
      for (const exercise of exercises) bringing.set(exercise, [...(bringing.get(exercise) ?? []), ref]);
    }
    return list;
  }

  /** The progress of a loaded list. */
  static progress({ items, modules }: PatientExercises): ExerciseProgress {
    return summarizeProgress(items, modules);
  }
}
