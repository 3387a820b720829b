import type { Exercise, ExerciseCreated, Module, UnifiedExercises } from '@consulta/shared';
import { API, api, bearer, type AppTarget, type Session } from './api';

/** Exercise bank, modules and assignments: helpers shared by their API tests. */

export const as = (who: Session) => bearer(who.token);

export async function createExercise(
  therapist: Session,
  body: Record<string, unknown> = {},
  target?: Pick<AppTarget, 'appUrl'>,
): Promise<ExerciseCreated> {
  const res = await api(target)
    .post(`${API}/ejercicios/`)
    .set(as(therapist))
    .send({ titulo: 'Respiración 4-7-8', ...body });
  if (res.status !== 201) throw new Error(`POST /ejercicios/ answered ${res.status}: ${res.text}`);
  return res.body as ExerciseCreated;
}

export async function createModule(therapist: Session, titulo = 'Manejo de la ansiedad', exercises: Exercise[] = []): Promise<Module> {
  const res = await api().post(`${API}/modulos/`).set(as(therapist)).send({ titulo });
  if (res.status !== 201) throw new Error(`POST /modulos/ answered ${res.status}: ${res.text}`);
  for (const e of exercises) {
    await api().post(`${API}/modulo-ejercicios/`).set(as(therapist)).send({ modulo_id: res.body.id, ejercicio_id: e.id }).expect(201);
  }
  return res.body as Module;
}

export const assignExercise = (therapist: Session, pacienteId: string, ejercicioId: string, target?: Pick<AppTarget, 'appUrl'>) =>
  api(target).post(`${API}/paciente-ejercicios/`).set(as(therapist)).send({ paciente_id: pacienteId, ejercicio_id: ejercicioId });

export const assignModule = (therapist: Session, pacienteId: string, moduloId: string) =>
  api().post(`${API}/paciente-modulos/`).set(as(therapist)).send({ paciente_id: pacienteId, modulo_id: moduloId });

export const completion = (patient: Session, pacienteId: string, ejercicioId: string, verb: 'completar' | 'desmarcar', body: object = {}) =>
  api().post(`${API}/paciente-ejercicios/pacientes/${pacienteId}/ejercicios/${ejercicioId}/${verb}`).set(as(patient)).send(body);

/** The patient's unified list as their therapist reads it. */
export async function unified(therapist: Session, pacienteId: string): Promise<UnifiedExercises> {
  return (await api().get(`${API}/paciente-ejercicios/pacientes/${pacienteId}/ejercicios/unified`).set(as(therapist)).expect(200))
    .body as UnifiedExercises;
}
