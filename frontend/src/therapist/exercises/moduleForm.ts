import { MSG, blankToNull, type ModuleDetail, type ModulePayload } from '@consulta/shared';

/** The create/edit module dialog: its text, its exercises in order and the patients who have it. */
export interface ModuleForm {
  titulo: string;
  descripcion: string;
  /** Exercise ids in the order the patient sees them. */
  ejercicioIds: string[];
  pacienteIds: string[];
}

export const emptyModuleForm = (): ModuleForm => ({ titulo: '', descripcion: '', ejercicioIds: [], pacienteIds: [] });

export const moduleToForm = (module: ModuleDetail, pacienteIds: string[]): ModuleForm => ({
  titulo: module.titulo,
  descripcion: module.descripcion ?? '',
  ejercicioIds: module.ejercicios.map((e) => e.id),
  pacienteIds,
});

export const validateModule = (form: ModuleForm): { titulo?: string } =>
  form.titulo.trim() ? {} : { titulo: MSG.exercises.moduleTitleRequired };

export const toModulePayload = (form: ModuleForm): ModulePayload => ({
  titulo: form.titulo.trim(),
  descripcion: blankToNull(form.descripcion),
});

/** Moves the item at `index` one place up (-1) or down (+1); out of range leaves the list as it was. */
export function move<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

/** The calls that turn what the module had into what the form says, in the order they must run. */
export interface ModuleChanges {
  /** Its title or description changed (PUT /modulos/{id}). */
  details: boolean;
  /** DELETE /modulo-ejercicios/... */
  removeExercises: string[];
  /** POST /modulo-ejercicios/, each appended last, in this order. */
  addExercises: string[];
  /** PUT .../orden with the whole list, when removing and appending does not already give the form's order. */
  order: string[] | null;
  /** POST /paciente-modulos/ */
  assign: string[];
  /** DELETE /paciente-modulos/{patientId}/{moduleId} */
  unassign: string[];
}

const without = (list: readonly string[], other: readonly string[]) => list.filter((id) => !other.includes(id));

export function moduleChanges(before: ModuleForm, after: ModuleForm): ModuleChanges {
  const removeExercises = without(before.ejercicioIds, after.ejercicioIds);
  const addExercises = without(after.ejercicioIds, before.ejercicioIds);
  const afterCalls = [...without(before.ejercicioIds, removeExercises), ...addExercises];
  const sameOrder = afterCalls.length === after.ejercicioIds.length && afterCalls.every((id, i) => id === after.ejercicioIds[i]);
  return {
    details: before.titulo.trim() !== after.titulo.trim() || before.descripcion.trim() !== after.descripcion.trim(),
    removeExercises,
    addExercises,
    order: sameOrder ? null : after.ejercicioIds,
    assign: without(after.pacienteIds, before.pacienteIds),
    unassign: without(before.pacienteIds, after.pacienteIds),
  };
}
