import { ACCESS_ACTIONS, ACCESS_KINDS, ROLES, type AccessAction, type AccessKind, type Role } from '@consulta/shared';
import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../../auth/entities/user.entity';
import { Patient } from '../../patients/entities/patient.entity';

/**
 * One entry of the access history: who reached which patient's clinical data, what they did, when, from where, and
 * whether it succeeded. Written only by `AccessHistoryWriter` (one multi-row INSERT per group of requests). Append-
 * only: a trigger refuses every UPDATE and DELETE except the referential actions (the patient's deletion erases
 * their entries; a deleted user's entries lose their author). `patient` is null for a request that reached no
 * patient (an attempt on an id the caller may not reach, a patient deleted by that very request): only operators
 * see those, with the request's path.
 */
@Entity({
  tableName: 'access_history',
  triggers: [
    {
      name: 'append_only',
      timing: 'before',
      events: ['update', 'delete'],
      forEach: 'row',
      // Depth 1 is this trigger on a statement of its own; a foreign key's cascade or set null runs one level deeper.
      body:
        "if pg_trigger_depth() > 1 then if tg_op = 'DELETE' then return old; end if; return new; end if; " +
        "raise exception 'access_history is append-only' using errcode = 'insufficient_privilege'",
    },
  ],
})
@Index({ name: 'access_history_patient_idx', properties: ['patient', 'occurredAt'] })
@Index({ name: 'access_history_occurred_at_idx', properties: ['occurredAt'] })
export class AccessEntry {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @Property({ type: 'timestamptz' })
  occurredAt!: Date;

  @ManyToOne({ entity: () => Patient, nullable: true, deleteRule: 'cascade', index: false })
  patient!: Patient | null;

  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null', index: 'access_history_actor_idx' })
  actor!: User | null;

  /** The role the actor had (kept when the user is deleted). */
  @Enum({ items: [...ROLES] })
  actorRole!: Role;

  @Enum({ items: Object.keys(ACCESS_KINDS) })
  kind!: AccessKind;

  @Enum({ items: Object.keys(ACCESS_ACTIONS) })
  action!: AccessAction;

  @Property({ type: 'string', length: 10 })
  method!: string;

  /** The request's path (its ids say what was asked for, e.g. for a refused attempt). */
  @Property({ type: 'string', length: 500 })
  path!: string;

  @Property({ type: 'smallint' })
  status!: number;

  @Property({ type: 'boolean' })
  success!: boolean;

  @Property({ type: 'string', length: 64, nullable: true })
  ip!: string | null;

  @Property({ type: 'string', length: 300, nullable: true })
  userAgent!: string | null;
}
