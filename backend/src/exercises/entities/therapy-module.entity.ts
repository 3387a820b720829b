import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { TherapistOwned } from '../../auth/entities/therapist-owned';

/** A module of a therapist's bank: an ordered set of exercises assigned as one. */
@Entity({ tableName: 'modules' })
@Index({ name: 'modules_therapist_idx', properties: ['therapist'] })
export class TherapyModule extends TherapistOwned {
  [OptionalProps]?: 'descripcion' | 'fechaCreacion' | 'fechaActualizacion';

  @Property({ type: 'string', length: 200 })
  titulo: string;

  @Property({ type: 'text', nullable: true })
  descripcion: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  fechaCreacion: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  fechaActualizacion: Date = new Date();
}
