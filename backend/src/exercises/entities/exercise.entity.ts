import { ArrayType, OptionalProps } from '@mikro-orm/core';
import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { TherapistCatalogItem } from '../../auth/entities/therapist-catalog-item';

/**
 * An exercise of a therapist's bank. `archivos` are storage keys of its files, in order.
 * Deleting one that a patient has completed sets `eliminadoEn` (retired: it leaves the bank and every module,
 * and stays on those patients' lists as completed history); one nobody completed is deleted.
 */
@Entity({ tableName: 'exercises' })
@Index({ name: 'exercises_therapist_idx', properties: ['therapist'] })
// Finds the exercise that refers to a stored file (file release, the sweep, a patient's downloads).
@Index({ name: 'exercises_archivos_idx', expression: 'create index "exercises_archivos_idx" on "exercises" using gin ("archivos")' })
export class Exercise extends TherapistCatalogItem {
  [OptionalProps]?: 'descripcion' | 'categoria' | 'archivos' | 'fechaCreacion' | 'fechaActualizacion' | 'eliminadoEn';

  @Property({ type: 'string', length: 200 })
  titulo: string;

  @Property({ type: 'text', nullable: true })
  descripcion: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  categoria: string | null = null;

  @Property({ type: ArrayType, columnType: 'text[]', defaultRaw: `'{}'` })
  archivos: string[] = [];
}
