import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import {
  EXERCISE_LIMITS,
  MSG,
  UPLOAD_PATHS,
  type DeletedExercise,
  type Exercise,
  type ExerciseCreated,
  blankToNull,
} from '@consulta/shared';
import type { User } from '../../auth/entities/user.entity';
import { problem } from '../../common/errors/error.dto';
import { execute } from '../../common/sql/execute';
import { isUuid } from '../../common/validation/uuid';
import { Patient } from '../../patients/entities/patient.entity';
import { StoredFiles } from '../../storage/stored-files.service';
import { normalizeCategory, payloadFiles, type ExercisePayloadDto } from '../dto/exercise.dto';
import { Exercise as ExerciseEntity } from '../entities/exercise.entity';
import { PatientExercise } from '../entities/links.entity';
import { EXERCISE_ROWS, keepCompletedSql } from './bank.sql';

const notFound = () => new NotFoundException(problem(MSG.exercises.notFound, 'NOT_FOUND'));
/** A therapist's exercises: every call is scoped to the caller's bank. */
@Injectable()
export class ExerciseBankService {
  constructor(
    private readonly em: EntityManager,
    private readonly files: StoredFiles,
  ) {}

  /** Newest first. */
  list(therapist: User): Promise<Exercise[]> {
    return EXERCISE_ROWS.all(this.em, therapist.id);
  }

  async get(therapist: User, id: string): Promise<Exercise> {
    const row = await EXERCISE_ROWS.one(this.em, therapist.id, id);
    if (!row) throw notFound();
    return row;
  }

  /** One of the caller's exercises still in the bank, as an entity (404 otherwise). */
  async find(therapist: User, id: unknown, em: EntityManager = this.em): Promise<ExerciseEntity> {
    const found = isUuid(id) ? await em.findOne(ExerciseEntity, { id, therapist: therapist.id, eliminadoEn: null }) : null;
    if (!found) throw notFound();
    return found;
  }

  /** Creates it and, with `paciente_ids`, assigns it to those patients of the caller in the same transaction. */
  async create(therapist: User, dto: ExercisePayloadDto): Promise<ExerciseCreated> {
    const archivos = await this.checkedFiles(therapist, payloadFiles(dto) ?? [], []);
    const patientIds = [...new Set(dto.paciente_ids ?? [])];
    const id = await this.em.transactional(async (em) => {
      const patients = patientIds.length ? await em.find(Patient, { id: { $in: patientIds.filter(isUuid) }, therapist: therapist.id }) : [];
      if (patients.length !== patientIds.length) throw new NotFoundException(problem(MSG.patients.notFound, 'NOT_FOUND'));
      const exercise = em.create(ExerciseEntity, {
        therapist,
        titulo: dto.titulo.trim(),
        descripcion: blankToNull(dto.descripcion),
        categoria: normalizeCategory(dto.categoria) ?? null,
        archivos,
      });
      for (const patient of patients) em.create(PatientExercise, { patient, exercise });
      await em.flush();
      return exercise.id;
    });
    return { ...(await this.get(therapist, id)), asignado_a: patientIds.length };
  }

  /** titulo is required as on create; descripcion, categoria and the files change only when sent. */
  async update(therapist: User, id: string, dto: ExercisePayloadDto): Promise<Exercise> {
    const exercise = await this.find(therapist, id);
    const previous = exercise.archivos;
    const sent = payloadFiles(dto);
    exercise.titulo = dto.titulo.trim();
    if (dto.descripcion !== undefined) exercise.descripcion = blankToNull(dto.descripcion);
    if (dto.categoria !== undefined) exercise.categoria = normalizeCategory(dto.categoria) ?? null;
    if (sent !== undefined) exercise.archivos = await this.checkedFiles(therapist, sent, previous);
    exercise.fechaActualizacion = new Date();
    await this.em.flush();
    await this.files.release(previous.filter((k) => !exercise.archivos.includes(k)));
    return this.get(therapist, id);
  }

  /**
   * An exercise nobody has completed is deleted with its files. One that someone completed is retired: it leaves
   * the bank, its modules and every pending list, and stays as completed history on its completers' lists.
   */
  async remove(therapist: User, id: string): Promise<DeletedExercise> {
    const exercise = await this.find(therapist, id);
    const retirado = await this.em.transactional(async (em) => {
      const [{ completed }] = await execute<{ completed: boolean }>(
        em,
        `select exists (select 1 from exercise_completions where exercise_id = ?) as completed`,
        [id],
      );
      if (!completed) {
        await execute(em, `delete from exercises where id = ?`, [id]);
        return false;
      }
      await execute(
        em,
        keepCompletedSql((me) => `${me}.exercise_id = ?`),
        [id, id],
      );
      await execute(em, `delete from module_exercises where exercise_id = ?`, [id]);
      await execute(
        em,
        `delete from patient_exercises pe where pe.exercise_id = ?
           and not exists (select 1 from exercise_completions c where c.patient_id = pe.patient_id and c.exercise_id = pe.exercise_id)`,
        [id],
      );
      await execute(em, `update exercises set eliminado_en = now() where id = ?`, [id]);
      return true;
    });
    if (!retirado) await this.files.release(exercise.archivos);
    return { id, retirado };
  }

  /** The files an exercise takes: at most 10; each new one the caller's finished upload of an exercise file. */
  private async checkedFiles(therapist: User, keys: string[], current: string[]): Promise<string[]> {
    if (keys.length > EXERCISE_LIMITS.filesMax) throw new BadRequestException(problem(MSG.exercises.tooManyFiles, 'VALIDATION'));
    for (const key of keys) if (!current.includes(key)) await this.files.attachable(therapist, key, 'exercise', UPLOAD_PATHS.exerciseFiles);
    return keys;
  }
}
