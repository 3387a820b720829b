import type { EntityManager, RequiredEntityData } from '@mikro-orm/core';
import { User } from '../auth/entities/user.entity';
import { Patient } from './entities/patient.entity';

/** A new patient's account and record: everything but the two links this function makes. */
export interface NewPatientAccount {
  therapist: User;
  /** Normalized. */
  email: string;
  passwordHash: string;
  /** A temporary password (the therapist's creation) must be changed at the first sign-in. */
  mustChangePassword: boolean;
  record: Omit<RequiredEntityData<Patient>, 'user' | 'therapist'>;
}

/**
 * The one way a patient comes to exist (the therapist's creation, an invitation's registration, the demo seed):
 * their user, named after the record, and the record under their therapist. Changes the unit of work only: the
 * caller flushes, so the account and what comes with it (e.g. a consent) land together.
 */
export function createPatientWithAccount(em: EntityManager, account: NewPatientAccount): Patient {
  const { therapist, email, passwordHash, mustChangePassword, record } = account;
  const user = em.create(User, { email, name: `${record.nombre} ${record.apellido}`, role: 'paciente', passwordHash, mustChangePassword });
  return em.create(Patient, { ...record, user, therapist });
}
