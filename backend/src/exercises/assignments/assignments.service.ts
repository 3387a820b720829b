import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import {
  MSG,
  type AssignedExercise,
  type AssignedModule,
  type AssignedModuleExercise,
  type ExerciseAssignee,
  type ExerciseProgress,
  type ModulesProgress,
  type PatientExerciseLink,
  type PatientModuleLink,
  type UnassignAnswer,
  type UnifiedExercises,
  blankToNull,
} from '@consulta/shared';
import type { User } from '../../auth/entities/user.entity';
import { problem } from '../../common/errors/error.dto';
import { execute } from '../../common/sql/execute';
import { isoTimestamp } from '../../common/sql/iso-timestamp';
import { isUuid } from '../../common/validation/uuid';
import type { Patient } from '../../patients/entities/patient.entity';
import { patientIdsOfTherapistSql } from '../../patients/patients.sql';
import { PatientAccess } from '../../access/patient-access.service';
import { ExerciseBankService } from '../bank/exercise-bank.service';
import { ModulesService } from '../bank/modules.service';
import type { CompletionPayloadDto } from '../dto/exercise.dto';
import { ProgressQuery } from './progress.query';
import { joinPatient } from '../../patients/patient-reads.sql';

const alreadyAssigned = (detail: string) => new BadRequestException(problem(detail, 'ALREADY_ASSIGNED'));

/**
 * A completion stays only while its exercise is on the patient's list: after an unassignment, the patient's
 * completions of exercises nothing brings any more go (a later assignment starts pending).
 */
const PRUNE_SQL = `delete from exercise_completions c where c.patient_id = ?
  and not exists (select 1 from patient_exercises pe where pe.patient_id = c.patient_id and pe.exercise_id = c.exercise_id)
  and not exists (select 1 from patient_modules pm join module_exercises me on me.module_id = pm.module_id
                  where pm.patient_id = c.patient_id and me.exercise_id = c.exercise_id)`;

/** The two assignment tables: what each links a patient to, and that column's name in the answer. */
const EXERCISE_LINK = { table: 'patient_exercises', column: 'exercise_id', answer: 'ejercicio_id' } as const;
const MODULE_LINK = { table: 'patient_modules', column: 'module_id', answer: 'modulo_id' } as const;
type AssignmentTable = typeof EXERCISE_LINK | typeof MODULE_LINK;

/**
 * What patients have of a therapist's bank: individual and module assignments, unassigning,
 * completion (the patient's own) and the reads of a patient's list and progress. Every method starts with the
 * access check: a therapist reaches their own patients, a patient themself.
 */
@Injectable()
export class AssignmentsService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: PatientAccess,
    private readonly bank: ExerciseBankService,
    private readonly modules: ModulesService,
    private readonly query: ProgressQuery,
  ) {}

  // ---- Reads of a patient's list (therapist or the patient) ----

  async unified(user: User, patientId: string): Promise<UnifiedExercises> {
    const patient = await this.access.patient(user, patientId);
    return this.unifiedOf(patient);
  }

  async progress(user: User, patientId: string): Promise<ExerciseProgress> {
    const patient = await this.access.patient(user, patientId);
    return ProgressQuery.progress(await this.query.load(patient.id));
  }

  async modulesProgress(user: User, patientId: string): Promise<ModulesProgress> {
    const patient = await this.access.patient(user, patientId);
    const list = await this.query.load(patient.id);
    return { ...ProgressQuery.progress(list), modulos: list.modules };
  }

  /** The patient's individual assignments (GET /paciente-ejercicios/paciente/{id}). */
  async individual(user: User, patientId: string): Promise<AssignedExercise[]> {
    const patient = await this.access.patient(user, patientId);
    return (await this.query.load(patient.id)).items.filter((i) => i.individual);
  }

  async patientModules(user: User, patientId: string): Promise<AssignedModule[]> {
    const patient = await this.access.patient(user, patientId);
    return (await this.query.load(patient.id)).modules;
  }

  // ---- The patient's own calls ----

  async mine(user: User): Promise<UnifiedExercises> {
    return this.unifiedOf(await this.access.self(user));
  }

  async myProgress(user: User): Promise<ExerciseProgress> {
    const patient = await this.access.self(user);
    return ProgressQuery.progress(await this.query.load(patient.id));
  }

  async myModules(user: User): Promise<AssignedModule[]> {
    const patient = await this.access.self(user);
    return (await this.query.load(patient.id)).modules;
  }

  /** One of the caller's assigned modules, its exercises in order (404 for a module not assigned to them). */
  async myModuleExercises(user: User, moduleId: string): Promise<AssignedModuleExercise[]> {
    const patient = await this.access.self(user);
    const list = await this.query.load(patient.id);
    const places = list.places.get(moduleId);
    if (!places) throw new NotFoundException(problem(MSG.exercises.moduleNotFound, 'NOT_FOUND'));
    return list.items
      .filter((i) => places.has(i.id))
      .map((i) => ({ ...i, orden: places.get(i.id)! }))
      .sort((a, b) => a.orden - b.orden);
  }

  /**
   * Marks an exercise of the caller's list done (the server's time; completing again keeps the first time and
   * replaces the notes only when sent). `completado: false` unmarks it. Only the patient themself: their words.
   */
  async complete(user: User, patientId: string, exerciseId: string, dto: CompletionPayloadDto): Promise<AssignedExercise> {
    if (dto.completado === false) return this.uncomplete(user, patientId, exerciseId);
    const patient = await this.ownList(user, patientId);
    await this.listedOpen(patient, exerciseId);
    const notes = dto.notas_paciente === undefined ? undefined : blankToNull(dto.notas_paciente);
    await execute(
      this.em,
      `insert into exercise_completions (patient_id, exercise_id, completado_en, notas_paciente) values (?, ?, now(), ?)
       on conflict (patient_id, exercise_id) do update set notas_paciente = ${notes === undefined ? 'exercise_completions.notas_paciente' : 'excluded.notas_paciente'}`,
      [patient.id, exerciseId, notes ?? null],
    );
    return this.find(patient, exerciseId);
  }

  async uncomplete(user: User, patientId: string, exerciseId: string): Promise<AssignedExercise> {
    const patient = await this.ownList(user, patientId);
    await this.listedOpen(patient, exerciseId);
    await execute(this.em, `delete from exercise_completions where patient_id = ? and exercise_id = ?`, [patient.id, exerciseId]);
    return this.find(patient, exerciseId);
  }

  // ---- Assignments (therapist) ----

  /** Every individual assignment of the caller's patients. */
  exerciseLinks(therapist: User): Promise<PatientExerciseLink[]> {
    return this.links<PatientExerciseLink>(EXERCISE_LINK, therapist);
  }

  /** Every module assignment of the caller's patients. */
  moduleLinks(therapist: User): Promise<PatientModuleLink[]> {
    return this.links<PatientModuleLink>(MODULE_LINK, therapist);
  }

  /** The caller's patients' rows of one assignment table, newest first. */
  private links<T>({ table, column, answer }: AssignmentTable, therapist: User): Promise<T[]> {
    return execute<T>(
      this.em,
      `select a.patient_id as paciente_id, a.${column} as ${answer}, ${isoTimestamp('a.asignado_en')} as asignado_en
       from ${table} a where a.patient_id in (${patientIdsOfTherapistSql('?')}) order by a.asignado_en desc`,
      [therapist.id],
    );
  }

  /** Who has one of the caller's exercises, how, and how far they are. */
  async assignees(therapist: User, exerciseId: string): Promise<ExerciseAssignee[]> {
    const exercise = await this.bank.find(therapist, exerciseId);
    const rows = await execute<ExerciseAssignee & { fecha: string }>(
      this.em,
      `with src as (
         select pe.patient_id, null::uuid as module_id, null::text as titulo, pe.asignado_en from patient_exercises pe where pe.exercise_id = ?
         union all
         select pm.patient_id, m.id, m.titulo, pm.asignado_en
         from module_exercises me join patient_modules pm on pm.module_id = me.module_id join modules m on m.id = me.module_id
         where me.exercise_id = ?)
       select p.id as paciente_id, p.nombre, p.apellido, ${isoTimestamp('min(src.asignado_en)')} as asignado_en,
         bool_or(src.module_id is null) as individual,
         coalesce(json_agg(json_build_object('id', src.module_id, 'titulo', src.titulo) order by src.asignado_en, src.titulo)
           filter (where src.module_id is not null), '[]') as modulos,
         c.completado_en is not null as completado, ${isoTimestamp('c.completado_en')} as fecha_completado
       from src ${joinPatient('src.patient_id')} and p.therapist_id = ?
       left join exercise_completions c on c.patient_id = p.id and c.exercise_id = ?
       group by p.id, c.completado_en order by p.apellido, p.nombre, p.id`,
      [exercise.id, exercise.id, therapist.id, exercise.id],
    );
    return rows;
  }

  async assignExercise(therapist: User, patientId: string, exerciseId: string): Promise<PatientExerciseLink> {
    const patient = await this.access.patient(therapist, patientId);
    const exercise = await this.bank.find(therapist, exerciseId);
    return this.link<PatientExerciseLink>(EXERCISE_LINK, patient.id, exercise.id, MSG.exercises.alreadyAssigned);
  }

  async assignModule(therapist: User, patientId: string, moduleId: string): Promise<PatientModuleLink> {
    const patient = await this.access.patient(therapist, patientId);
    const module = await this.modules.find(therapist, moduleId);
    return this.link<PatientModuleLink>(MODULE_LINK, patient.id, module.id, MSG.exercises.moduleAlreadyAssigned);
  }

  /** Adds the assignment row; 409 with `already` when the patient has it. */
  private async link<T>({ table, column, answer }: AssignmentTable, patientId: string, targetId: string, already: string): Promise<T> {
    const [row] = await execute<T>(
      this.em,
      `insert into ${table} (patient_id, ${column}, asignado_en) values (?, ?, now()) on conflict do nothing
       returning patient_id as paciente_id, ${column} as ${answer}, ${isoTimestamp('asignado_en')} as asignado_en`,
      [patientId, targetId],
    );
    if (!row) throw alreadyAssigned(already);
    return row;
  }

  /**
   * Takes an exercise off a patient's list. An individual assignment goes alone (a module that also brings the
   * exercise keeps it on the list); an exercise only modules bring takes those whole modules off.
   */
  async unassignExercise(therapist: User, patientId: string, exerciseId: string): Promise<UnassignAnswer> {
    const patient = await this.access.patient(therapist, patientId);
    const item = isUuid(exerciseId) ? (await this.query.load(patient.id)).items.find((i) => i.id === exerciseId) : undefined;
    if (!item) throw new NotFoundException(problem(MSG.exercises.notAssigned, 'NOT_FOUND'));
    await this.em.transactional(async (em) => {
      if (item.individual) {
        await execute(em, `delete from patient_exercises where patient_id = ? and exercise_id = ?`, [patient.id, exerciseId]);
      } else {
        await execute(em, `delete from patient_modules where patient_id = ? and module_id = any(string_to_array(?, ',')::uuid[])`, [
          patient.id,
          item.modulos.map((m) => m.id).join(','),
        ]);
      }
      await execute(em, PRUNE_SQL, [patient.id]);
    });
    return { paciente_id: patient.id, ejercicio_id: exerciseId, individual: item.individual, modulos: item.individual ? [] : item.modulos };
  }

  async unassignModule(therapist: User, patientId: string, moduleId: string): Promise<PatientModuleLink> {
    const patient = await this.access.patient(therapist, patientId);
    const removed = await this.em.transactional(async (em) => {
      const [row] = isUuid(moduleId)
        ? await execute<PatientModuleLink>(
            em,
            `delete from patient_modules where patient_id = ? and module_id = ?
             returning patient_id as paciente_id, module_id as modulo_id, ${isoTimestamp('asignado_en')} as asignado_en`,
            [patient.id, moduleId],
          )
        : [];
      if (row) await execute(em, PRUNE_SQL, [patient.id]);
      return row;
    });
    if (!removed) throw new NotFoundException(problem(MSG.exercises.moduleNotAssigned, 'NOT_FOUND'));
    return removed;
  }

  // ---- helpers ----

  private async unifiedOf(patient: Patient): Promise<UnifiedExercises> {
    const list = await this.query.load(patient.id);
    return { ...ProgressQuery.progress(list), paciente_id: patient.id, ejercicios: list.items };
  }

  /** The signed-in patient, who must be the one the path names (another patient's id: 404). */
  private async ownList(user: User, patientId: string): Promise<Patient> {
    const patient = await this.access.self(user);
    if (patient.id !== patientId) throw new NotFoundException(problem(MSG.patients.notFound, 'NOT_FOUND'));
    return patient;
  }

  /** An exercise on the patient's list that may still change (a retired one is read-only history: 409). */
  private async listedOpen(patient: Patient, exerciseId: string): Promise<void> {
    const item = await this.find(patient, exerciseId);
    if (item.retirado) throw new ConflictException(problem(MSG.exercises.retired, 'CONFLICT'));
  }

  private async find(patient: Patient, exerciseId: string): Promise<AssignedExercise> {
    const item = isUuid(exerciseId) ? (await this.query.load(patient.id)).items.find((i) => i.id === exerciseId) : undefined;
    if (!item) throw new NotFoundException(problem(MSG.exercises.notAssigned, 'NOT_FOUND'));
    return item;
  }
}
