import type {
  AssignedExercise,
  AssignedModule,
  AssignedModuleExercise,
  CompletionPayload,
  ExerciseProgress,
  ExercisesSeen,
  UnifiedExercises,
} from '@consulta/shared';
import { segment, type HttpClient } from '../../app/core/http';

/** The signed-in patient's own exercises and modules. */
export const myExerciseCalls = (http: HttpClient) => ({
  /** GET /paciente-ejercicios/mis-ejercicios: the caller's list and its progress. */
  myExercises: () => http.get<UnifiedExercises>('/paciente-ejercicios/mis-ejercicios'),
  /** POST /paciente-ejercicios/mis-ejercicios/visto: the patient looks now; answers when they looked before. */
  lookAtMyExercises: () => http.post<ExercisesSeen>('/paciente-ejercicios/mis-ejercicios/visto'),
  myProgress: () => http.get<ExerciseProgress>('/paciente-ejercicios/mis-ejercicios/progreso'),
  myModules: () => http.get<AssignedModule[]>('/modulos/paciente/mis-modulos'),
  /** GET /paciente-ejercicios/modulos/{moduleId}/ejercicios: one of the caller's modules, in order. */
  myModuleExercises: (moduleId: string) =>
    http.get<AssignedModuleExercise[]>(`/paciente-ejercicios/modulos/${segment(moduleId)}/ejercicios`),
  /** POST .../pacientes/{id}/ejercicios/{exerciseId}/completar (the patient's own id). */
  completeExercise: (patientId: string, exerciseId: string, data: CompletionPayload) =>
    http.post<AssignedExercise>(`/paciente-ejercicios/pacientes/${segment(patientId)}/ejercicios/${segment(exerciseId)}/completar`, data),
  uncompleteExercise: (patientId: string, exerciseId: string) =>
    http.post<AssignedExercise>(`/paciente-ejercicios/pacientes/${segment(patientId)}/ejercicios/${segment(exerciseId)}/desmarcar`),
});

export type MyExerciseCalls = ReturnType<typeof myExerciseCalls>;
