import type {
  DeletedExercise,
  Exercise,
  ExerciseAssignee,
  ExerciseCreated,
  ExercisePayload,
  Module,
  ModuleDetail,
  ModuleExercise,
  ModuleExerciseLink,
  ModulePayload,
  PatientModuleLink,
} from '@consulta/shared';
import { segment, type HttpClient } from '../../app/core/http';

/** The therapist's exercise bank: exercises, modules, and who has them. */
export const bankCalls = (http: HttpClient) => ({
  /** GET /ejercicios/: the caller's bank, newest first. */
  listExercises: () => http.get<Exercise[]>('/ejercicios/'),
  getExercise: (exerciseId: string) => http.get<Exercise>(`/ejercicios/${segment(exerciseId)}`),
  /** POST /ejercicios/ (with `paciente_ids`, assigned to them in the same transaction). */
  createExercise: (data: ExercisePayload) => http.post<ExerciseCreated>('/ejercicios/', data),
  updateExercise: (exerciseId: string, data: ExercisePayload) => http.put<Exercise>(`/ejercicios/${segment(exerciseId)}`, data),
  deleteExercise: (exerciseId: string) => http.delete<DeletedExercise>(`/ejercicios/${segment(exerciseId)}`),
  /** GET /modulos/: the caller's modules, newest first. */
  listModules: () => http.get<Module[]>('/modulos/'),
  /** GET /modulos/{id}: with its exercises in order. */
  getModule: (moduleId: string) => http.get<ModuleDetail>(`/modulos/${segment(moduleId)}`),
  createModule: (data: ModulePayload) => http.post<Module>('/modulos/', data),
  updateModule: (moduleId: string, data: ModulePayload) => http.put<Module>(`/modulos/${segment(moduleId)}`, data),
  deleteModule: (moduleId: string) => http.delete<Module>(`/modulos/${segment(moduleId)}`),
  /** GET /modulo-ejercicios/modulo/{id}: the module's exercises in order. */
  getModuleExercises: (moduleId: string) => http.get<ModuleExercise[]>(`/modulo-ejercicios/modulo/${segment(moduleId)}`),
  /** POST /modulo-ejercicios/ (400 ALREADY_ASSIGNED when it is in the module already). */
  addExerciseToModule: (moduleId: string, exerciseId: string) =>
    http.post<ModuleExerciseLink>('/modulo-ejercicios/', { modulo_id: moduleId, ejercicio_id: exerciseId }),
  /** DELETE /modulo-ejercicios/modulo/{moduleId}/ejercicio/{exerciseId} (404 when it is not there). */
  removeExerciseFromModule: (moduleId: string, exerciseId: string) =>
    http.delete<ModuleExerciseLink>(`/modulo-ejercicios/modulo/${segment(moduleId)}/ejercicio/${segment(exerciseId)}`),
  /** PUT /modulo-ejercicios/modulo/{moduleId}/orden: every exercise of the module, in the new order. */
  reorderModule: (moduleId: string, exerciseIds: string[]) =>
    http.put<ModuleExercise[]>(`/modulo-ejercicios/modulo/${segment(moduleId)}/orden`, { ejercicio_ids: exerciseIds }),
  /** GET /paciente-ejercicios/ejercicio/{id}: the caller's patients who have it. */
  getExerciseAssignees: (exerciseId: string) => http.get<ExerciseAssignee[]>(`/paciente-ejercicios/ejercicio/${segment(exerciseId)}`),
  /** GET /paciente-modulos/: which of the caller's patients have which module. */
  listModuleLinks: () => http.get<PatientModuleLink[]>('/paciente-modulos/'),
  /** DELETE /paciente-modulos/{patientId}/{moduleId}: the spec's form while editing a module. */
  removeModulePatient: (moduleId: string, patientId: string) =>
    http.delete<PatientModuleLink>(`/paciente-modulos/${segment(patientId)}/${segment(moduleId)}`),
});

export type BankCalls = ReturnType<typeof bankCalls>;
