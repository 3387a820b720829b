import type { EducationEntry } from '@consulta/shared';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, OneToOne, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../../auth/entities/user.entity';

/** What a therapist tells about their practice; name, e-mail and picture live on the User. */
@Entity({ tableName: 'therapist_profiles' })
export class TherapistProfile {
  [OptionalProps]?:
    | 'especialidad'
    | 'licencia'
    | 'telefono'
    | 'direccion'
    | 'biografia'
    | 'estudios'
    | 'certificaciones'
    | 'zonaHoraria'
    | 'pais'
    | 'updatedAt';

  @OneToOne({ entity: () => User, primary: true, owner: true, deleteRule: 'cascade', fieldName: 'user_id' })
  user: User;

  @Property({ type: 'string', length: 200, nullable: true })
  especialidad: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  licencia: string | null = null;

  @Property({ type: 'string', length: 30, nullable: true })
  telefono: string | null = null;

  @Property({ type: 'string', length: 300, nullable: true })
  direccion: string | null = null;

  @Property({ type: 'text', nullable: true })
  biografia: string | null = null;

  @Property({ type: 'json', default: '[]' })
  estudios: EducationEntry[] = [];

  @Property({ type: 'json', default: '[]' })
  certificaciones: EducationEntry[] = [];

  /** IANA name; null: DEFAULT_TIME_ZONE. */
  @Property({ type: 'string', length: 64, nullable: true })
  zonaHoraria: string | null = null;

  /** ISO 3166 code of the practice's country; null: DEFAULT_COUNTRY. */
  @Property({ type: 'string', length: 2, nullable: true })
  pais: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
