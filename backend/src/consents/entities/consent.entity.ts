import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { ConsentActor, ConsentForm, ConsentKind } from '@consulta/shared';
import { User } from '../../auth/entities/user.entity';
import { Patient } from '../../patients/entities/patient.entity';

/**
 * One consent of a patient (issue 17): given on `otorgadoEn` by the therapist or the patient, in a `forma`, and
 * once revoked closed with who, when and how. The one table of consents: at most one open record per patient and
 * kind (the consent in force); a new grant after a revocation is a new record, so the history stays as it was.
 */
@Entity({ tableName: 'consents' })
@Index({
  name: 'consents_in_force_unique',
  expression: 'create unique index "consents_in_force_unique" on "consents" ("patient_id", "tipo") where "revocado_en" is null',
})
@Index({ name: 'consents_patient_idx', properties: ['patient', 'otorgadoEn'] })
export class Consent {
  [OptionalProps]?:
    | 'nota'
    | 'otorgadoEn'
    | 'otorgadoPorUsuario'
    | 'revocadoEn'
    | 'revocadoPor'
    | 'revocadoPorUsuario'
    | 'formaRevocacion'
    | 'notaRevocacion';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => Patient, deleteRule: 'cascade' })
  patient: Patient;

  @Property({ type: 'string', length: 20 })
  tipo: ConsentKind;

  @Property({ type: 'string', length: 20 })
  forma: ConsentForm;

  @Property({ type: 'text', nullable: true })
  nota: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  otorgadoEn: Date = new Date();

  @Property({ type: 'string', length: 20 })
  otorgadoPor: ConsentActor;

  /** Null once that account is gone (the record stays: the practice must still show it). */
  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null' })
  otorgadoPorUsuario: User | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  revocadoEn: Date | null = null;

  @Property({ type: 'string', length: 20, nullable: true })
  revocadoPor: ConsentActor | null = null;

  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null' })
  revocadoPorUsuario: User | null = null;

  @Property({ type: 'string', length: 20, nullable: true })
  formaRevocacion: ConsentForm | null = null;

  @Property({ type: 'text', nullable: true })
  notaRevocacion: string | null = null;
}
