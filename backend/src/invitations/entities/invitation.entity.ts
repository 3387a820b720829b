import { ArrayType, OptionalProps } from '@mikro-orm/core';
import type { AskableConsentKind } from '@consulta/shared';
import { Entity, Index, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import { SingleUseLink } from '../../auth/entities/single-use-link';
import { User } from '../../auth/entities/user.entity';

/**
 * An invitation a therapist sent to a future patient, by e-mail or by WhatsApp (then the address is a phone).
 * Only the SHA-256 of its token is stored; it can be used once, until it expires.
 */
@Entity({ tableName: 'invitations' })
@Index({ name: 'invitations_therapist_idx', properties: ['therapist'] })
@Unique({ name: 'invitations_token_hash_unique', properties: ['tokenHash'] })
export class Invitation extends SingleUseLink {
  [OptionalProps]?: 'email' | 'phoneNumber' | 'consentsAsked' | 'usedAt' | 'createdAt';

  @ManyToOne({ entity: () => User, deleteRule: 'cascade' })
  therapist: User;

  /** Set for e-mail invitations (trimmed, lower-cased). */
  @Property({ type: 'string', length: 254, nullable: true })
  email: string | null = null;

  /** Set for WhatsApp invitations: dial code plus digits, e.g. +573001234567. */
  @Property({ type: 'string', length: 20, nullable: true })
  phoneNumber: string | null = null;

  /** The consents the patient is asked for at registration (each an unticked box there). */
  @Property({ type: ArrayType, columnType: 'text[]', defaultRaw: `'{}'` })
  consentsAsked: AskableConsentKind[] = [];
}
