import { randomUUID } from 'node:crypto';
import type { Role } from '@consulta/shared';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';

/** Anyone who signs in: a therapist (Google only) or a patient (Google or e-mail + password). */
@Entity({ tableName: 'users' })
// Finds the user whose profile photo is a stored file (the cleanup never deletes a file in use).
@Index({
  name: 'users_foto_perfil_idx',
  expression: 'create index "users_foto_perfil_idx" on "users" ("foto_perfil") where "foto_perfil" is not null',
})
export class User {
  [OptionalProps]?: 'passwordHash' | 'mustChangePassword' | 'tokenVersion' | 'avatarUrl' | 'fotoPerfil' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** Always stored trimmed and lower-cased. */
  @Property({ type: 'string', length: 254 })
  @Unique({ name: 'users_email_unique' })
  email: string;

  @Property({ type: 'string', length: 255 })
  name: string;

  @Enum({ items: ['terapeuta', 'paciente'] })
  role: Role;

  /** argon2id hash; null for users who only sign in with Google. */
  @Property({ type: 'text', nullable: true })
  passwordHash: string | null = null;

  @Property({ type: 'boolean', default: false })
  mustChangePassword: boolean = false;

  /** Part of every access token; bumping it ends all older tokens. */
  @Property({ type: 'integer', default: 0 })
  tokenVersion: number = 0;

  @Property({ type: 'text', nullable: true })
  avatarUrl: string | null = null;

  /** The profile photo: a stored file's key (a patient's upload) or an https: URL; shown instead of avatarUrl. */
  @Property({ type: 'text', nullable: true })
  fotoPerfil: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
