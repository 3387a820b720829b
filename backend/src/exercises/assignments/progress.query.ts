import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import {
  summarizeProgress,
  type AssignedExercise,
  type AssignedModule,
  type ExerciseProgress,
  type ModuleRef,
} from '@consulta/shared';
import { execute } from '../../common/sql/execute';
import { isoTimestamp } from '../../common/sql/iso-timestamp';

/** A module that brings an exercise, with the exercise's place in it. */
interface SourceModule extends ModuleRef {
  orden: number;
}

interface ItemRow {
  id: string;
  titulo: string;
  descripcion: string | null;
  categoria: string | null;
  archivos: string[];
  archivo_nombre: string | null;
  asignado_en: string;
  fecha_creacion: string;
  fecha_completado: string | null;
  notas_paciente: string | null;
  individual: boolean;
  retirado: boolean;
  modulos: SourceModule[];
}

type ModuleRow = Omit<AssignedModule, 'ejercicios_count' | 'completados' | 'paciente_id'>;

/** A patient's exercises with the place each has in the modules that bring it. */
export interface ListedExercise extends AssignedExercise {
  ordenes: Record<string, number>;
}

export interface PatientExercises {
  items: ListedExercise[];
  /** Assigned modules, in assignment order. */
  modules: AssignedModule[];
}

/**
 * A patient's list: the union of their individual assignments and their assigned modules' exercises, one item
 * per exercise (docs/decisions.md), with their assigned modules, in ONE statement (JSON built by the database).
 * Every patient-side answer (list, progress, modules, a module's exercises) is cut from it.
 */
const LIST_SQL = `
with p as (select ?::uuid as id),
mods as (
  select m.id, m.titulo, m.descripcion, pm.asignado_en
  from patient_modules pm join modules m on m.id = pm.module_id join p on pm.patient_id = p.id
),
src as (
  select pe.exercise_id, null::uuid as module_id, pe.asignado_en, null::int as orden
  from patient_exercises pe join p on pe.patient_id = p.id
  union all
  select me.exercise_id, me.module_id, mods.asignado_en, me.orden
  from mods join module_exercises me on me.module_id = mods.id
),
items as (
  select src.exercise_id as id, bool_or(src.module_id is null) as individual, min(src.asignado_en) as asignado_en,
    coalesce(json_agg(json_build_object('id', mods.id, 'titulo', mods.titulo, 'orden', src.orden)
      order by mods.asignado_en, mods.titulo, mods.id) filter (where src.module_id is not null), '[]') as modulos
  from src left join mods on mods.id = src.module_id
  group by src.exercise_id
)
select
  (select coalesce(json_agg(json_build_object(
      'id', e.id, 'titulo', e.titulo, 'descripcion', e.descripcion, 'categoria', e.categoria, 'archivos', e.archivos,
      'archivo_nombre', (select f.file_name from stored_files f where f.key = e.archivos[1]),
      'asignado_en', ${isoTimestamp('i.asignado_en')}, 'fecha_creacion', ${isoTimestamp('e.fecha_creacion')},
      'fecha_completado', ${isoTimestamp('c.completado_en')}, 'notas_paciente', c.notas_paciente,
      'individual', i.individual, 'retirado', e.eliminado_en is not null, 'modulos', i.modulos)
    order by i.asignado_en desc, e.titulo, e.id), '[]')
   from items i join exercises e on e.id = i.id
   left join exercise_completions c on c.patient_id = (select id from p) and c.exercise_id = e.id) as items,
  (select coalesce(json_agg(json_build_object(
      'id', m.id, 'titulo', m.titulo, 'descripcion', m.descripcion, 'asignado_en', ${isoTimestamp('m.asignado_en')})
    order by m.asignado_en, m.titulo, m.id), '[]') from mods m) as modules`;

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

function toItem(row: ItemRow): ListedExercise {
  const first = row.modulos[0] ?? null;
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
    modulos: row.modulos.map(({ id, titulo }) => ({ id, titulo })),
    retirado: row.retirado,
    ordenes: Object.fromEntries(row.modulos.map((m) => [m.id, m.orden])),
  };
}

/** What a client receives of a listed exercise (the places in modules are internal). */
export const publicItem = ({ ordenes: _, ...item }: ListedExercise): AssignedExercise => item;

/** Read side of a patient's exercises (spec 2 §7 "Progress" and the patient area). */
@Injectable()
export class ProgressQuery {
  constructor(private readonly em: EntityManager) {}

  async load(patientId: string, em: EntityManager = this.em): Promise<PatientExercises> {
    const [row] = await execute<{ items: ItemRow[]; modules: ModuleRow[] }>(em, LIST_SQL, [patientId]);
    const items = row.items.map(toItem);
    const modules = row.modules.map((m) => {
      const inModule = items.filter((i) => m.id in i.ordenes);
      return { ...m, paciente_id: patientId, ejercicios_count: inModule.length, completados: inModule.filter((i) => i.completado).length };
    });
    return { items, modules };
  }

  /** The progress of a loaded list. */
  static progress({ items, modules }: PatientExercises): ExerciseProgress {
    const summary = summarizeProgress(items, modules);
    return { ...summary, recientes: summary.recientes.map((i) => publicItem(i as ListedExercise)) };
  }
}
