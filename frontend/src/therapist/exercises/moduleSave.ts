import { ApiError, errorCode } from '../../app/core/http';
import type { ConsultaDataProvider } from '../../app/providers/dataProvider';
import { moduleChanges, toModulePayload, type ModuleForm } from './moduleForm';

type ModuleCalls = Pick<
  ConsultaDataProvider,
  | 'createModule'
  | 'updateModule'
  | 'addExerciseToModule'
  | 'removeExerciseFromModule'
  | 'reorderModule'
  | 'assignModule'
  | 'removeModulePatient'
>;

/** Adding what is there already (400 'already assigned') or removing what is gone (404) is no failure. */
async function tolerant(call: Promise<unknown>, tolerated: 'already' | 'missing'): Promise<void> {
  try {
    await call;
  } catch (error) {
    if (tolerated === 'already' && errorCode(error) === 'ALREADY_ASSIGNED') return;
    if (tolerated === 'missing' && error instanceof ApiError && error.status === 404) return;
    throw error;
  }
}

export class ModuleSaveError extends Error {
  constructor(
    readonly cause: unknown,
    /** What the server holds now: saving again from here applies only what is left. */
    readonly saved: { id: string | null; form: ModuleForm },
  ) {
    super('No se pudo guardar el módulo');
  }
}

/**
 * Saves a module dialog: creates the module (or updates its text), takes out, appends and reorders its exercises,
 * then assigns and unassigns patients, one call at a time, and answers the module's id. `saved` is what the server had when the dialog opened
 * (or after a partial save); a failure throws ModuleSaveError with what got saved, so nothing is done twice.
 */
export async function saveModule(calls: ModuleCalls, id: string | null, saved: ModuleForm, form: ModuleForm): Promise<string> {
  const base: ModuleForm = { ...saved, ejercicioIds: [...saved.ejercicioIds], pacienteIds: [...saved.pacienteIds] };
  let moduleId = id;
  try {
    if (!moduleId) {
      moduleId = (await calls.createModule(toModulePayload(form))).id;
      Object.assign(base, { titulo: form.titulo, descripcion: form.descripcion, ejercicioIds: [], pacienteIds: [] });
    }
    const changes = moduleChanges(base, form);
    if (changes.details) {
      await calls.updateModule(moduleId, toModulePayload(form));
      Object.assign(base, { titulo: form.titulo, descripcion: form.descripcion });
    }
    for (const exerciseId of changes.removeExercises) {
      await tolerant(calls.removeExerciseFromModule(moduleId, exerciseId), 'missing');
      base.ejercicioIds = base.ejercicioIds.filter((e) => e !== exerciseId);
    }
    for (const exerciseId of changes.addExercises) {
      await tolerant(calls.addExerciseToModule(moduleId, exerciseId), 'already');
      base.ejercicioIds.push(exerciseId);
    }
    if (changes.order) {
      await calls.reorderModule(moduleId, changes.order);
      base.ejercicioIds = [...changes.order];
    }
    for (const patientId of changes.assign) {
      await tolerant(calls.assignModule(patientId, moduleId), 'already');
      base.pacienteIds.push(patientId);
    }
    for (const patientId of changes.unassign) {
      await tolerant(calls.removeModulePatient(moduleId, patientId), 'missing');
      base.pacienteIds = base.pacienteIds.filter((p) => p !== patientId);
    }
    return moduleId;
  } catch (error) {
    throw new ModuleSaveError(error, { id: moduleId, form: base });
  }
}
