/**
 * Exercise bank, modules, assignments and progress: the shapes both sides share and the
 * one computation of a patient's progress (the server answers it; the UI never recounts).
 */

/** The categories an exercise is filed under. */
export const EXERCISE_CATEGORIES = [
  'Ansiedad',
  'Depresión',
  'Mindfulness',
  'Autoestima',
  'Habilidades sociales',
  'Regulación emocional',
  'Trauma',
  'Otra',
] as const;
export type ExerciseCategory = (typeof EXERCISE_CATEGORIES)[number];
/** How progress names the exercises without a category. */
export const NO_CATEGORY = 'Sin categoría';

/** Bounds the server enforces (`recentCompleted` and `fileOpenDelayMs` are the product's; the others are the server's own). */
export const EXERCISE_LIMITS = {
  titleMax: 200,
  descriptionMax: 10_000,
  /** Files attached to one exercise. */
  filesMax: 10,
  /** A patient's completion notes. */
  notesMax: 5_000,
  /** Patients assigned in the same call that creates the exercise. */
  assignAtCreationMax: 500,
  /** The progress' list of recently completed exercises. */
  recentCompleted: 5,
  /** 'Ver Archivo' opens several files this far apart. */
  fileOpenDelayMs: 500,
} as const;

export type ExerciseSource = 'individual' | 'module';

// ---- Bank (therapist) ----

/** Body of POST and PUT /ejercicios/. Files are keys of the caller's uploads under `ejercicios/`. */
export interface ExercisePayload {
  titulo: string;
  descripcion?: string | null;
  /** One of EXERCISE_CATEGORIES, or null/empty for none. */
  categoria?: string | null;
  /** The exercise's files (storage keys), in the order they are shown. A PUT that sends it replaces the list. */
  archivo_url?: string[];
  /** Accepted as a synonym of archivo_url (the file's id is its key). */
  archivo_ids?: string[];
  /** One reading of the spec sends one file this way; it is added to the list. */
  archivo_id?: string | null;
  /** Ignored (the name is the upload's). */
  archivo_nombre?: string | null;
  /** POST only: assign the new exercise to these patients of the caller in the same transaction. */
  paciente_ids?: string[];
}

/** An exercise of the bank as its therapist reads it. */
export interface Exercise {
  id: string;
  titulo: string;
  descripcion: string | null;
  categoria: string | null;
  /** Storage keys of its files, in order. */
  archivo_url: string[];
  /** The same keys (a file's id is its key). */
  archivo_ids: string[];
  /** The first file's key and visible name, or null. */
  archivo_id: string | null;
  archivo_nombre: string | null;
  fecha_creacion: string;
  fecha_actualizacion: string;
  /** Patients who have it now, individually or through a module. */
  pacientes_asignados: number;
  /** Modules of the bank that contain it. */
  modulos_count: number;
}

/** The answer of POST /ejercicios/: the exercise and how many patients it was assigned to. */
export interface ExerciseCreated extends Exercise {
  asignado_a: number;
}

/**
 * DELETE /ejercicios/{id}: `retirado` when patients had completed it (kept on their lists as history, gone from
 * the bank and its modules), else deleted with its files.
 */
export interface DeletedExercise {
  id: string;
  retirado: boolean;
}

/** Body of POST and PUT /modulos/. */
export interface ModulePayload {
  titulo: string;
  descripcion?: string | null;
}

export interface Module {
  id: string;
  titulo: string;
  descripcion: string | null;
  fecha_creacion: string;
  fecha_actualizacion: string;
  ejercicios_count: number;
  pacientes_asignados: number;
}

/** An exercise inside a module, at its place (`orden` from 1). */
export interface ModuleExercise extends Exercise {
  orden: number;
}

/** GET /modulos/{id}: the module with its exercises in order. */
export interface ModuleDetail extends Module {
  ejercicios: ModuleExercise[];
}

/** Body of POST /modulo-ejercicios/ (appended last unless `orden` is given). */
export interface ModuleExercisePayload {
  modulo_id: string;
  ejercicio_id: string;
  orden?: number;
}
/** Body of PUT /modulo-ejercicios/modulo/{moduleId}/orden: every exercise of the module, in the new order. */
export interface ModuleOrderPayload {
  ejercicio_ids: string[];
}
export interface ModuleExerciseLink {
  modulo_id: string;
  ejercicio_id: string;
  orden: number;
}

// ---- Assignments (therapist) ----

export interface PatientExercisePayload {
  paciente_id: string;
  ejercicio_id: string;
}
export interface PatientExerciseLink {
  paciente_id: string;
  ejercicio_id: string;
  asignado_en: string;
}
export interface PatientModulePayload {
  paciente_id: string;
  modulo_id: string;
}
export interface PatientModuleLink {
  paciente_id: string;
  modulo_id: string;
  asignado_en: string;
}
/**
 * DELETE /paciente-ejercicios/paciente/{patientId}/ejercicio/{exerciseId}: what left the patient's list. An
 * individual assignment goes alone; an exercise that only modules bring takes those whole modules with it.
 */
export interface UnassignAnswer {
  paciente_id: string;
  ejercicio_id: string;
  individual: boolean;
  modulos: ModuleRef[];
}

/** GET /paciente-ejercicios/ejercicio/{id}: who has the exercise, and how far they are. */
export interface ExerciseAssignee {
  paciente_id: string;
  nombre: string;
  apellido: string;
  asignado_en: string;
  /** How the patient has it: individually, through modules, or both. */
  individual: boolean;
  modulos: ModuleRef[];
  completado: boolean;
  fecha_completado: string | null;
}

// ---- A patient's exercises (read by their therapist and by the patient) ----

export interface ModuleRef {
  id: string;
  titulo: string;
}

/**
 * One exercise on a patient's list: once, however many sources bring it (an exercise assigned individually and
 * through a module is one item, completed once). Only fields a patient may read (nothing here is therapist-only).
 */
export interface AssignedExercise {
  id: string;
  titulo: string;
  descripcion: string | null;
  categoria: string | null;
  /** The first file's key (a single value in the patient view), or null. */
  archivo_url: string | null;
  /** Every file's key, in order ('Ver Archivo' opens them all). */
  archivo_ids: string[];
  archivo_id: string | null;
  archivo_nombre: string | null;
  /** The earliest assignment that brings it. */
  asignado_en: string;
  fecha_creacion: string;
  completado: boolean;
  /** The server's time of completion. */
  fecha_completado: string | null;
  notas_paciente: string | null;
  /** 'individual' when assigned individually (even if a module brings it too), else 'module'. */
  source: ExerciseSource;
  /** The first module that brings it (by assignment date), or null. */
  moduleName: string | null;
  moduleId: string | null;
  /** Assigned individually. */
  individual: boolean;
  /** Every assigned module that brings it. */
  modulos: ModuleRef[];
  /** Withdrawn from the bank after the patient completed it: kept as history, read-only. */
  retirado: boolean;
}

/** A module assigned to a patient (GET /paciente-modulos/paciente/{id}, GET /modulos/paciente/mis-modulos). */
export interface AssignedModule {
  id: string;
  titulo: string;
  descripcion: string | null;
  asignado_en: string;
  paciente_id: string;
  ejercicios_count: number;
  completados: number;
}

/** An exercise inside an assigned module (GET /paciente-ejercicios/modulos/{moduleId}/ejercicios). */
export interface AssignedModuleExercise extends AssignedExercise {
  orden: number;
}

/** Body of .../completar (completado defaults to true) and .../desmarcar (no body). */
export interface CompletionPayload {
  completado?: boolean;
  notas_paciente?: string | null;
}

// ---- Progress ----

export interface ProgressCount {
  total: number;
  completados: number;
  pendientes: number;
  /** completados / total × 100 with one decimal; 0 when there is nothing. */
  porcentaje: number;
}
export interface ModuleProgress extends ProgressCount {
  moduleId: string;
  moduleName: string;
}
export interface CategoryProgress extends ProgressCount {
  /** The category, or NO_CATEGORY. */
  categoria: string;
}

/** GET .../ejercicios/progreso and .../mis-ejercicios/progreso. */
export interface ExerciseProgress extends ProgressCount {
  /** An exercise both individual and from a module counts in both sources (once in the totals). */
  por_fuente: Record<ExerciseSource, ProgressCount>;
  /** Every assigned module, in assignment order (an exercise in two modules counts in each). */
  por_modulo: ModuleProgress[];
  /** Categories in EXERCISE_CATEGORIES order, others by name, NO_CATEGORY last. */
  por_categoria: CategoryProgress[];
  /** The 5 most recently completed, newest first. */
  recientes: AssignedExercise[];
}

/** GET .../ejercicios/unified and /paciente-ejercicios/mis-ejercicios: the list and its progress. */
/**
 * POST /paciente-ejercicios/mis-ejercicios/visto: the patient looks at 'Ejercicios Sugeridos' now; `visto_antes` is
 * when they looked before (ISO 8601; null: never), so what was assigned after it is new to them.
 */
export interface ExercisesSeen {
  visto_antes: string | null;
}

export interface UnifiedExercises extends ExerciseProgress {
  /** The patient's id (the patient's own calls name it in completar/desmarcar). */
  paciente_id: string;
  ejercicios: AssignedExercise[];
}

/** GET .../modulos/progreso: the progress with the assigned modules. */
export interface ModulesProgress extends ExerciseProgress {
  modulos: AssignedModule[];
}

const percent = (done: number, total: number): number => (total === 0 ? 0 : Math.round((done / total) * 1000) / 10);

export const progressCount = (items: readonly Pick<AssignedExercise, 'completado'>[]): ProgressCount => {
  const completados = items.filter((i) => i.completado).length;
  return { total: items.length, completados, pendientes: items.length - completados, porcentaje: percent(completados, items.length) };
};

const categoryRank = (c: string): number => {
  if (c === NO_CATEGORY) return EXERCISE_CATEGORIES.length + 1;
  const i = (EXERCISE_CATEGORIES as readonly string[]).indexOf(c);
  return i < 0 ? EXERCISE_CATEGORIES.length : i;
};

/** A patient's progress from their list and their assigned modules (the modules in assignment order). */
export function summarizeProgress(items: readonly AssignedExercise[], modules: readonly ModuleRef[]): ExerciseProgress {
  // One pass groups the items by category and by module (a progress of 500 items is read on every list request).
  const byCategory = new Map<string, AssignedExercise[]>();
  const byModule = new Map<string, AssignedExercise[]>(modules.map((m) => [m.id, []]));
  for (const item of items) {
    const key = item.categoria?.trim() || NO_CATEGORY;
    const list = byCategory.get(key);
    if (list) list.push(item);
    else byCategory.set(key, [item]);
    for (const m of item.modulos) byModule.get(m.id)?.push(item);
  }
  return {
    ...progressCount(items),
    por_fuente: {
      individual: progressCount(items.filter((i) => i.individual)),
      module: progressCount(items.filter((i) => i.modulos.length > 0)),
    },
    por_modulo: modules.map((m) => ({
      moduleId: m.id,
      moduleName: m.titulo,
      ...progressCount(byModule.get(m.id) ?? []),
    })),
    por_categoria: [...byCategory.entries()]
      .sort(([a], [b]) => categoryRank(a) - categoryRank(b) || a.localeCompare(b, 'es'))
      .map(([categoria, list]) => ({ categoria, ...progressCount(list) })),
    recientes: items
      .filter((i) => i.completado && i.fecha_completado)
      .sort((a, b) => (b.fecha_completado ?? '').localeCompare(a.fecha_completado ?? '') || a.titulo.localeCompare(b.titulo, 'es'))
      .slice(0, EXERCISE_LIMITS.recentCompleted),
  };
}

/** The category colours of the patient's view, extended to every category; any other is gray. */
export const CATEGORY_COLORS: Record<
  string,
  'purple' | 'blue' | 'green' | 'indigo' | 'orange' | 'teal' | 'pink' | 'red' | 'amber' | 'gray'
> = {
  meditación: 'purple',
  respiración: 'blue',
  mindfulness: 'green',
  relajación: 'indigo',
  ejercicio: 'orange',
  ansiedad: 'blue',
  depresión: 'indigo',
  autoestima: 'pink',
  'habilidades sociales': 'teal',
  'regulación emocional': 'purple',
  trauma: 'amber',
  otra: 'gray',
};
export const categoryColor = (categoria: string | null | undefined): (typeof CATEGORY_COLORS)[string] =>
  CATEGORY_COLORS[(categoria ?? '').trim().toLocaleLowerCase('es')] ?? 'gray';

/**
 * 'Sugerir ejercicios' (POST /sesiones/{id}/sugerir-ejercicios): exercises of the therapist's own bank the AI
 * proposes as homework after a session, each with the reason it gives. Nothing is assigned until the therapist
 * chooses 'Asignar' (the usual assignment call).
 */
export interface ExerciseSuggestion {
  ejercicio_id: string;
  titulo: string;
  categoria: string | null;
  /** One sentence tying the exercise to what was said in the session. */
  motivo: string;
}

/** The answer: at most `EXERCISE_SUGGESTION_LIMITS.max` suggestions; an empty list when none fits. */
export interface ExerciseSuggestions {
  sugerencias: ExerciseSuggestion[];
}

export const EXERCISE_SUGGESTION_LIMITS = {
  /** Suggestions per answer. */
  max: 3,
  /** Characters of a reason (one sentence). */
  reasonMax: 300,
  /** The newest exercises of the bank the AI is shown. */
  bankMax: 200,
  /** Characters of each exercise's description the AI is shown. */
  descriptionMax: 300,
} as const;
