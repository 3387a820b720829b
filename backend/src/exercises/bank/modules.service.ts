import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { MSG, type Module, type ModuleDetail, type ModuleExercise, type ModuleExerciseLink, blankToNull } from '@consulta/shared';
import type { User } from '../../auth/entities/user.entity';
import { problem } from '../../common/errors/error.dto';
import { execute } from '../../common/sql/execute';
import { isUuid } from '../../common/validation/uuid';
import type { ModuleExercisePayloadDto, ModulePayloadDto } from '../dto/exercise.dto';
import { TherapyModule } from '../entities/therapy-module.entity';
import { EXERCISE_COLUMNS, MODULE_ROWS, RENUMBER_SQL, keepCompletedSql } from './bank.sql';
import { ExerciseBankService } from './exercise-bank.service';

const notFound = () => new NotFoundException(problem(MSG.exercises.moduleNotFound, 'NOT_FOUND'));
/** A therapist's modules and the exercises in them, in order. */
@Injectable()
export class ModulesService {
  constructor(
    private readonly em: EntityManager,
    private readonly bank: ExerciseBankService,
  ) {}

  /** Newest first. */
  list(therapist: User): Promise<Module[]> {
    return MODULE_ROWS.all(this.em, therapist.id);
  }

  async get(therapist: User, id: string): Promise<ModuleDetail> {
    const [row, ejercicios] = await Promise.all([
      MODULE_ROWS.one(this.em, therapist.id, id),
      isUuid(id) ? this.exercisesOf(therapist, id) : Promise.resolve([]),
    ]);
    if (!row) throw notFound();
    return { ...row, ejercicios };
  }

  /** One of the caller's modules, as an entity (404 otherwise). */
  async find(therapist: User, id: unknown): Promise<TherapyModule> {
    const found = isUuid(id) ? await this.em.findOne(TherapyModule, { id, therapist: therapist.id }) : null;
    if (!found) throw notFound();
    return found;
  }

  async create(therapist: User, dto: ModulePayloadDto): Promise<Module> {
    const module = this.em.create(TherapyModule, { therapist, titulo: dto.titulo.trim(), descripcion: blankToNull(dto.descripcion) });
    await this.em.flush();
    return this.get(therapist, module.id);
  }

  async update(therapist: User, id: string, dto: ModulePayloadDto): Promise<Module> {
    const module = await this.find(therapist, id);
    module.titulo = dto.titulo.trim();
    if (dto.descripcion !== undefined) module.descripcion = blankToNull(dto.descripcion);
    module.fechaActualizacion = new Date();
    await this.em.flush();
    return this.get(therapist, id);
  }

  /** Its patients keep the exercises of it they completed (as individual ones); the rest leaves their lists. */
  async remove(therapist: User, id: string): Promise<Module> {
    const answer = await this.get(therapist, id);
    await this.em.transactional(async (em) => {
      await execute(
        em,
        keepCompletedSql((me) => `${me}.module_id = ?`),
        [id, id],
      );
      await execute(em, `delete from modules where id = ?`, [id]);
    });
    const { ejercicios: _, ...module } = answer;
    return module;
  }

  /** The module's exercises in order (404 for a module that is not the caller's). */
  async exercises(therapist: User, id: string): Promise<ModuleExercise[]> {
    await this.find(therapist, id);
    return this.exercisesOf(therapist, id);
  }

  /** Every link of the caller's modules (GET /modulo-ejercicios/). */
  links(therapist: User): Promise<ModuleExerciseLink[]> {
    return execute<ModuleExerciseLink>(
      this.em,
      `select me.module_id as modulo_id, me.exercise_id as ejercicio_id, me.orden
       from module_exercises me join modules m on m.id = me.module_id where m.therapist_id = ? order by m.fecha_creacion desc, me.orden`,
      [therapist.id],
    );
  }

  /** Puts an exercise in a module, last or at `orden` (the ones from there move down); twice is 400 ALREADY_ASSIGNED. */
  async addExercise(therapist: User, dto: ModuleExercisePayloadDto): Promise<ModuleExerciseLink> {
    const module = await this.find(therapist, dto.modulo_id);
    const exercise = await this.bank.find(therapist, dto.ejercicio_id);
    return this.em.transactional(async (em) => {
      // Serializes edits of one module's order.
      await execute(em, `select id from modules where id = ? for update`, [module.id]);
      const [{ size, present }] = await execute<{ size: number; present: boolean }>(
        em,
        `select count(*)::int as size, bool_or(exercise_id = ?) as present from module_exercises where module_id = ?`,
        [exercise.id, module.id],
      );
      if (present) throw new BadRequestException(problem(MSG.exercises.alreadyInModule, 'ALREADY_ASSIGNED'));
      const orden = Math.min(dto.orden ?? size + 1, size + 1);
      await execute(em, `update module_exercises set orden = orden + 1 where module_id = ? and orden >= ?`, [module.id, orden]);
      await execute(em, `insert into module_exercises (module_id, exercise_id, orden) values (?, ?, ?)`, [module.id, exercise.id, orden]);
      await execute(em, `update modules set fecha_actualizacion = now() where id = ?`, [module.id]);
      return { modulo_id: module.id, ejercicio_id: exercise.id, orden };
    });
  }

  /** Takes an exercise out of a module (404 when it is not there); completed work stays on patients' lists. */
  async removeExercise(therapist: User, moduleId: string, exerciseId: string): Promise<ModuleExerciseLink> {
    const module = await this.find(therapist, moduleId);
    return this.em.transactional(async (em) => {
      await execute(em, `select id from modules where id = ? for update`, [module.id]);
      const [link] = isUuid(exerciseId)
        ? await execute<{ orden: number }>(em, `select orden from module_exercises where module_id = ? and exercise_id = ?`, [
            module.id,
            exerciseId,
          ])
        : [];
      if (!link) throw new NotFoundException(problem(MSG.exercises.notInModule, 'NOT_FOUND'));
      const leaving = (me: string) => `${me}.module_id = ? and ${me}.exercise_id = ?`;
      await execute(em, keepCompletedSql(leaving), [module.id, exerciseId, module.id, exerciseId]);
      await execute(em, `delete from module_exercises where module_id = ? and exercise_id = ?`, [module.id, exerciseId]);
      await execute(em, RENUMBER_SQL, [module.id, module.id]);
      await execute(em, `update modules set fecha_actualizacion = now() where id = ?`, [module.id]);
      return { modulo_id: module.id, ejercicio_id: exerciseId, orden: link.orden };
    });
  }

  /** Sets the whole order: `ejercicio_ids` must name each exercise of the module once. */
  async reorder(therapist: User, moduleId: string, ids: string[]): Promise<ModuleExercise[]> {
    const module = await this.find(therapist, moduleId);
    await this.em.transactional(async (em) => {
      await execute(em, `select id from modules where id = ? for update`, [module.id]);
      const rows = await execute<{ exercise_id: string }>(em, `select exercise_id from module_exercises where module_id = ?`, [module.id]);
      const current = new Set(rows.map((r) => r.exercise_id));
      if (ids.length !== current.size || new Set(ids).size !== ids.length || !ids.every((i) => current.has(i))) {
        throw new BadRequestException(problem(MSG.exercises.order, 'VALIDATION'));
      }
      if (ids.length > 0) {
        await execute(
          em,
          `update module_exercises me set orden = o.n from unnest(string_to_array(?, ',')::uuid[]) with ordinality as o(id, n) where me.module_id = ? and me.exercise_id = o.id`,
          [ids.join(','), module.id],
        );
      }
      await execute(em, `update modules set fecha_actualizacion = now() where id = ?`, [module.id]);
    });
    return this.exercisesOf(therapist, module.id);
  }

  private exercisesOf(therapist: User, moduleId: string): Promise<ModuleExercise[]> {
    return execute<ModuleExercise>(
      this.em,
      `select ${EXERCISE_COLUMNS}, me.orden from module_exercises me join exercises e on e.id = me.exercise_id
       join modules m on m.id = me.module_id where me.module_id = ? and m.therapist_id = ? order by me.orden, e.titulo`,
      [moduleId, therapist.id],
    );
  }
}
