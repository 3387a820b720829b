import { ForbiddenException, Injectable, NotFoundException, BadRequestException } from '@nestjs/common';
import { EntityManager, type EntityName, type FilterQuery } from '@mikro-orm/core';
import { MSG } from '@consulta/shared';
import type { Caller } from '../common/auth/caller';
import { reachedPatient } from './access-context';
import { problem } from '../common/errors/error.dto';
import { isUuid } from '../common/validation/uuid';
import { Patient } from '../patients/entities/patient.entity';

/** What only this file holds: the scopes below cannot be made without it, so a read that takes one cannot skip the door. */
const DOOR: unique symbol = Symbol('PatientAccess');
const madeHere = (door: symbol): void => {
  if (door !== DOOR) throw new Error('A scope is made by PatientAccess only');
};

/**
 * One patient the caller may reach, as only PatientAccess makes it (`patientScope`, `selfScope`): the owners'
 * patient-scoped reads (sessions/, drafts/, patients/, the patient view) take it instead of a bare id, so a read
 * that skipped the access check does not compile (docs/architecture.md, "The path of a request").
 */
export class PatientScope {
  readonly patientId: string;
  constructor(
    door: typeof DOOR,
    readonly patient: Patient,
  ) {
    madeHere(door);
    this.patientId = patient.id;
  }
}

/** The patients a caller may reach, as only PatientAccess makes it (`practice`): what a read across them takes. */
export class PracticeScope {
  constructor(
    door: typeof DOOR,
    /** The column of `patients` that names the caller: a therapist's patients, or a patient's own record. */
    readonly owner: 'therapist_id' | 'user_id',
    readonly userId: string,
  ) {
    madeHere(door);
  }
}

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
  scope(user: Caller): FilterQuery<Patient> {
    return user.role === 'terapeuta' ? { therapist: user.id } : { user: user.id };
  }

  /** The patients the caller may reach, for a read across all of them (the session search). No patient is noted. */
  practice(user: Caller): PracticeScope {
    return new PracticeScope(DOOR, user.role === 'terapeuta' ? 'therapist_id' : 'user_id', user.id);
  }

  /** The patient `id`, when the caller may reach it. */
  async patient(user: Caller, id: unknown): Promise<Patient> {
    const patient = isUuid(id) ? await this.em.findOne(Patient, { id, ...(this.scope(user) as object) }) : null;
    if (!patient) throw new NotFoundException(problem(MSG.patients.notFound, 'NOT_FOUND'));
    reachedPatient(patient.id);
    return patient;
  }

  /** The patient `id`, when the caller may reach it, with the scope its owners' reads take. */
  async patientScope(user: Caller, id: unknown): Promise<PatientScope> {
    return new PatientScope(DOOR, await this.patient(user, id));
  }

  /** The signed-in patient's own record, with the scope its owners' reads take. */
  async selfScope(user: Caller): Promise<PatientScope> {
    return new PatientScope(DOOR, await this.self(user));
  }

  /** The signed-in patient's own record. */
  async self(user: Caller): Promise<Patient> {
    if (user.role !== 'paciente') throw new ForbiddenException(problem(MSG.auth.forbidden, 'FORBIDDEN'));
    const patient = await this.em.findOne(Patient, { user: user.id });
    if (!patient) throw new NotFoundException(problem(MSG.patients.notFound, 'NOT_FOUND'));
    reachedPatient(patient.id);
    return patient;
  }

  /** An object of a patient the caller may reach (its `patient` relation is checked against the scope). */
  async owned<T extends object>(user: Caller, entity: EntityName<T>, id: unknown, options: OwnedOptions<T>): Promise<T> {
    const found = await this.find(entity, id, { patient: this.scope(user) } as FilterQuery<T>, options);
    const patient = (found as { patient?: { id?: string } }).patient?.id;
    if (patient) reachedPatient(patient);
    return found;
  }

  /** An object the therapist owns directly (its `therapist` relation is the caller), e.g. a session type. */
  async therapistOwned<T extends object>(user: Caller, entity: EntityName<T>, id: unknown, options: OwnedOptions<T>): Promise<T> {
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
