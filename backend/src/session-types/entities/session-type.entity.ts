import type { SessionFieldDefinition } from '@consulta/shared';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { TherapistCatalogItem } from '../../auth/entities/therapist-catalog-item';

/**
 * A therapist's custom session type. `valor` is numeric(12,2), carried as its decimal string (never a float).
 * Deleting sets `eliminadoEn`: the row stays so the sessions recorded with it keep their type and fields.
 */
@Entity({ tableName: 'session_types' })
@Index({ name: 'session_types_therapist_idx', properties: ['therapist'] })
export class SessionType extends TherapistCatalogItem {
  [OptionalProps]?: 'descripcion' | 'campos' | 'activo' | 'fechaCreacion' | 'fechaActualizacion' | 'eliminadoEn';

  @Property({ type: 'string', length: 100 })
  nombre: string;

  @Property({ type: 'text', nullable: true })
  descripcion: string | null = null;

  @Property({ type: 'json', default: '[]' })
  campos: SessionFieldDefinition[] = [];

  @Property({ type: 'boolean', default: true })
  activo: boolean = true;

  @Property({ type: 'decimal', precision: 12, scale: 2 })
  valor: string;
}
