import { OptionalProps } from '@mikro-orm/core';
import { Entity, OneToOne, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../../auth/entities/user.entity';

/** A therapist's secret calendar feed: only the SHA-256 of its token is kept; a new one replaces the old. */
@Entity({ tableName: 'calendar_feeds' })
export class CalendarFeed {
  [OptionalProps]?: 'creadoEn';

  @OneToOne({ entity: () => User, primary: true, owner: true, deleteRule: 'cascade', fieldName: 'therapist_id' })
  therapist: User;

  @Property({ type: 'string', length: 64, unique: 'calendar_feeds_token_hash_unique' })
  tokenHash: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  creadoEn: Date = new Date();
}
