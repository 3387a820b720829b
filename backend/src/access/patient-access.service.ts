import { ForbiddenException, Injectable, NotFoundException, BadRequestException } from '@nestjs/common';
import { EntityManager, type EntityName, type FilterQuery } from '@mikro-orm/core';
import { MSG } from '@consulta/shared';
import type { User } from '../auth/entities/user.entity';
import { reachedPatient } from './access-context';
import { problem } from '../common/errors/error.dto';
import { isUuid } from '../common/validation/uuid';
import { Patient } from '../patients/entities/patient.entity';

export interface OwnedOptions<T> {
  /** The 404 detail. */
  notFound: string;
  /** A malformed id answers 400 with this detail instead of 404. */
  invalidId?: string;
  /** Further conditions (e.g. not archived). */
  where?: FilterQuery<T>;
  /** Relations to load with it. */
  populate?: string[];
}

/**
 * The one answer to "may this caller reach this patient, or this patient's object?" (every patient-scoped
 * service method starts here). A therapist reaches their own patients, a patient only themself. What the caller
 * may not reach does not exist for them: 404, never 403 (a wrong role is refused earlier, by the route's roles).
 * Each patient it lets through is noted for the request's access history (`reachedPatient`).
 */
@Injectable()
export class PatientAccess {
  constructor(private readonly em: EntityManager) {}

  /** The patients the caller may reach, as a filter on Patient. */
  scope(user: User): FilterQuery<Patient> {
    return user.role === 'terapeuta' ? { therapist: user.id } : { user: user.id };
  }

  /**
   * The patients the caller may reach, as SQL for a read across all of them (the session search): `column in (…)`
   * and its parameters. No patient is noted for the access history: none is named (the read is one entry without one).
   */
  scopeSql(user: User, column: string): { sql: string; params: unknown[] } {
    const owner = user.role === 'terapeuta' ? 'therapist_id' : 'user_id';
    return { sql: `${column} in (select id from patients where ${owner} = ?)`, params: [user.id] };
  }

  /** The patient `id`, when the caller may reach it. */
  async patient(user: User, id: unknown): Promise<Patient> {
    const patient = isUuid(id) ? await this.em.findOne(Patient, { id, ...(this.scope(user) as object) }) : null;
    if (!patient) throw new NotFoundException(problem(MSG.patients.notFound, 'NOT_FOUND'));
    reachedPatient(patient.id);
    return patient;
  }

  /** The signed-in patient's own record. */
  async self(user: User): Promise<Patient> {
    if (user.role !== 'paciente') throw new ForbiddenException(problem(MSG.auth.forbidden, 'FORBIDDEN'));
    const patient = await this.em.findOne(Patient, { user: user.id });
    if (!patient) throw new NotFoundException(problem(MSG.patients.notFound, 'NOT_FOUND'));
    reachedPatient(patient.id);
    return patient;
  }

  /** An object of a patient the caller may reach (its `patient` relation is checked against the scope). */
  async owned<T extends object>(user: User, entity: EntityName<T>, id: unknown, options: OwnedOptions<T>): Promise<T> {
    const found = await this.find(entity, id, { patient: this.scope(user) } as FilterQuery<T>, options);
    const patient = (found as { patient?: { id?: string } }).patient?.id;
    if (patient) reachedPatient(patient);
    return found;
  }

  /** An object the therapist owns directly (its `therapist` relation is the caller), e.g. a session type. */
  async therapistOwned<T extends object>(user: User, entity: EntityName<T>, id: unknown, options: OwnedOptions<T>): Promise<T> {
    if (user.role !== 'terapeuta') throw new NotFoundException(problem(options.notFound, 'NOT_FOUND'));
    return this.find(entity, id, { therapist: user.id } as FilterQuery<T>, options);
  }

  private async find<T extends object>(entity: EntityName<T>, id: unknown, owner: FilterQuery<T>, options: OwnedOptions<T>): Promise<T> {
    if (!isUuid(id)) {
      if (options.invalidId) throw new BadRequestException(problem(options.invalidId, 'INVALID_ID'));
      throw new NotFoundException(problem(options.notFound, 'NOT_FOUND'));
    }
    const where = { id, ...(owner as object), ...((options.where ?? {}) as object) } as FilterQuery<T>;
    const found = await this.em.findOne(entity, where as never, options.populate ? { populate: options.populate as never } : undefined);
    if (!found) throw new NotFoundException(problem(options.notFound, 'NOT_FOUND'));
    return found;
  }
}
