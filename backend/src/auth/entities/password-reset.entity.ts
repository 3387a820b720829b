import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { User } from './user.entity';

/** A password-reset link: only the SHA-256 of its token is stored; single use, short-lived. */
@Entity({ tableName: 'password_resets' })
export class PasswordReset {
  [OptionalProps]?: 'usedAt' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => User, deleteRule: 'cascade', index: 'password_resets_user_idx' })
  user: User;

  @Property({ type: 'string', length: 64 })
  @Unique({ name: 'password_resets_token_hash_unique' })
  tokenHash: string;

  @Property({ type: 'timestamptz' })
  expiresAt: Date;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt: Date | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
