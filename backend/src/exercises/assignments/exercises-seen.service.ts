import { EntityManager } from '@mikro-orm/core';
import { Injectable, NotFoundException } from '@nestjs/common';
import { MSG, type ExercisesSeen } from '@consulta/shared';
import type { User } from '../../auth/entities/user.entity';
import { problem } from '../../common/errors/error.dto';
import { execute } from '../../common/sql/execute';
import { MARK_EXERCISES_SEEN_SQL } from '../../patients/exercises-seen.sql';

/** When the patient last looked at 'Ejercicios Sugeridos' (what came after is 'Nuevo' to them). */
@Injectable()
export class ExercisesSeenService {
  constructor(private readonly em: EntityManager) {}

  async look(user: User): Promise<ExercisesSeen> {
    const [row] = await execute<ExercisesSeen>(this.em, MARK_EXERCISES_SEEN_SQL, [user.id]);
    if (!row) throw new NotFoundException(problem(MSG.patients.notFound, 'NOT_FOUND'));
    return row;
  }
}
