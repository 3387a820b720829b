import { randomUUID } from 'node:crypto';
import { PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * The columns of a link that works once until it expires (a password reset, an invitation): a uuid id, the SHA-256
 * of its token (never the token itself), when it expires and when it was used. A base of entities, not one: each
 * subclass maps its own table and names its token's unique index.
 */
export abstract class SingleUseLink {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 64 })
  tokenHash: string;

  @Property({ type: 'timestamptz' })
  expiresAt: Date;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt: Date | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
