import { EntityManager } from '@mikro-orm/core';
import { Injectable, NotFoundException } from '@nestjs/common';
import { MSG, type ExercisesSeen } from '@consulta/shared';
import type { User } from '../../auth/entities/user.entity';
import { problem } from '../../common/errors/error.dto';
import { isoTimestamp } from '../../common/sql/iso-timestamp';
import { execute } from '../../common/sql/execute';

/**
 * The patient's look at their exercises, in one statement: the time is set to now and the one before is answered
 * (the self-join reads the row as it was before the update), so two devices never both miss what is new.
 */
const SEEN_SQL = `update patients p set ejercicios_vistos_en = now()
  from patients before where before.id = p.id and p.user_id = ?
  returning ${isoTimestamp('before.ejercicios_vistos_en')} as visto_antes`;

/** When the patient last looked at 'Ejercicios Sugeridos' (what came after is 'Nuevo' to them). */
@Injectable()
export class ExercisesSeenService {
  constructor(private readonly em: EntityManager) {}

  async look(user: User): Promise<ExercisesSeen> {
    const [row] = await execute<ExercisesSeen>(this.em, SEEN_SQL, [user.id]);
    if (!row) throw new NotFoundException(problem(MSG.patients.notFound, 'NOT_FOUND'));
    return row;
  }
}
