import type {
  AssignedModule,
  ExerciseProgress,
  ModulesProgress,
  PatientExerciseLink,
  PatientModuleLink,
  UnassignAnswer,
  UnifiedExercises,
} from '@consulta/shared';
import { segment, type HttpClient } from '../../app/core/http';

/** One patient's assigned exercises and modules, and their progress (the therapist's side). */
export const patientExerciseCalls = (http: HttpClient) => ({
  /** POST /paciente-ejercicios/ (400 ALREADY_ASSIGNED when the patient has it individually already). */
  assignExercise: (patientId: string, exerciseId: string) =>
    http.post<PatientExerciseLink>('/paciente-ejercicios/', { paciente_id: patientId, ejercicio_id: exerciseId }),
  /** DELETE /paciente-ejercicios/paciente/{patientId}/ejercicio/{exerciseId} (a module-only one takes its modules). */
  unassignExercise: (patientId: string, exerciseId: string) =>
    http.delete<UnassignAnswer>(`/paciente-ejercicios/paciente/${segment(patientId)}/ejercicio/${segment(exerciseId)}`),
  getPatientModules: (patientId: string) => http.get<AssignedModule[]>(`/paciente-modulos/paciente/${segment(patientId)}`),
  assignModule: (patientId: string, moduleId: string) =>
    http.post<PatientModuleLink>('/paciente-modulos/', { paciente_id: patientId, modulo_id: moduleId }),
  unassignModule: (patientId: string, moduleId: string) =>
    http.delete<PatientModuleLink>(`/paciente-modulos/paciente/${segment(patientId)}/modulo/${segment(moduleId)}`),
  /** GET /paciente-ejercicios/pacientes/{id}/ejercicios/unified: the list and its progress. */
  getPatientExercises: (patientId: string) =>
    http.get<UnifiedExercises>(`/paciente-ejercicios/pacientes/${segment(patientId)}/ejercicios/unified`),
  getPatientProgress: (patientId: string) =>
    http.get<ExerciseProgress>(`/paciente-ejercicios/pacientes/${segment(patientId)}/ejercicios/progreso`),
  getPatientModulesProgress: (patientId: string) =>
    http.get<ModulesProgress>(`/paciente-ejercicios/pacientes/${segment(patientId)}/modulos/progreso`),
});

export type PatientExerciseCalls = ReturnType<typeof patientExerciseCalls>;
