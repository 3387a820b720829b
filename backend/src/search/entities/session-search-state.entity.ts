import { Entity, OneToOne, Property } from '@mikro-orm/decorators/legacy';
import { Session } from '../../sessions/entities/session.entity';

/**
 * Which version of a session the index holds: the session's `updated_at` when its passages were built, and the
 * index's format (SEARCH_INDEX_VERSION). The sweep rebuilds every session whose row says otherwise, or has none.
 */
@Entity({ tableName: 'session_search_state' })
export class SessionSearchState {
  @OneToOne({ entity: () => Session, primary: true, deleteRule: 'cascade', owner: true })
  session!: Session;

  @Property({ type: 'timestamptz' })
  sessionUpdatedAt!: Date;

  @Property({ type: 'smallint' })
  version!: number;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  indexedAt!: Date;
}
