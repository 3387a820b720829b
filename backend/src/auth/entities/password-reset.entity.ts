import { OptionalProps } from '@mikro-orm/core';
import { Entity, ManyToOne, Unique } from '@mikro-orm/decorators/legacy';
import { SingleUseLink } from './single-use-link';
import { User } from './user.entity';

/** A password-reset link: only the SHA-256 of its token is stored; single use, short-lived. */
@Entity({ tableName: 'password_resets' })
@Unique({ name: 'password_resets_token_hash_unique', properties: ['tokenHash'] })
export class PasswordReset extends SingleUseLink {
  [OptionalProps]?: 'usedAt' | 'createdAt';

  @ManyToOne({ entity: () => User, deleteRule: 'cascade', index: 'password_resets_user_idx' })
  user: User;
}
