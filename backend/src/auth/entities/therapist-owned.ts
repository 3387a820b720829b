import { randomUUID } from 'node:crypto';
import { ManyToOne, PrimaryKey } from '@mikro-orm/decorators/legacy';
import { User } from './user.entity';

/**
 * The columns every row a therapist owns starts with: a uuid id and the therapist, whose account deletion deletes
 * the row (ON DELETE CASCADE). A base of entities, not one: each subclass maps its own table.
 */
export abstract class TherapistOwned {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => User, deleteRule: 'cascade' })
  therapist: User;
}
