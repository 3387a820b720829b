import { Property } from '@mikro-orm/decorators/legacy';
import { TherapistOwned } from './therapist-owned';

/**
 * An item of a therapist's own catalogue (an exercise of the bank, a custom session type): dated when made and
 * changed, and retired rather than deleted while records refer to it (`eliminadoEn`). A base of entities, not one.
 */
export abstract class TherapistCatalogItem extends TherapistOwned {
  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  fechaCreacion: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  fechaActualizacion: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  eliminadoEn: Date | null = null;
}
