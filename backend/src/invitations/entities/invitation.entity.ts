import { randomUUID } from 'node:crypto';
import { ArrayType, OptionalProps } from '@mikro-orm/core';
import type { AskableConsentKind } from '@consulta/shared';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { User } from '../../auth/entities/user.entity';

/**
 * An invitation a therapist sent to a future patient, by e-mail or by WhatsApp (then the address is a phone).
 * Only the SHA-256 of its token is stored; it can be used once, until it expires.
 */
@Entity({ tableName: 'invitations' })
@Index({ name: 'invitations_therapist_idx', properties: ['therapist'] })
export class Invitation {
  [OptionalProps]?: 'email' | 'phoneNumber' | 'consentsAsked' | 'usedAt' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => User, deleteRule: 'cascade' })
  therapist: User;

  @Property({ type: 'string', length: 64 })
  @Unique({ name: 'invitations_token_hash_unique' })
  tokenHash: string;

  /** Set for e-mail invitations (trimmed, lower-cased). */
  @Property({ type: 'string', length: 254, nullable: true })
  email: string | null = null;

  /** Set for WhatsApp invitations: dial code plus digits, e.g. +573001234567. */
  @Property({ type: 'string', length: 20, nullable: true })
  phoneNumber: string | null = null;

  /** The consents the patient is asked for at registration (each an unticked box there). */
  @Property({ type: ArrayType, columnType: 'text[]', defaultRaw: `'{}'` })
  consentsAsked: AskableConsentKind[] = [];

  @Property({ type: 'timestamptz' })
  expiresAt: Date;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt: Date | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
