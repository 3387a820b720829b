import { randomUUID } from 'node:crypto';
import { BigIntType, OptionalProps } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { ExportScope, ExportState } from '@consulta/shared';
import { User } from '../../auth/entities/user.entity';
import { Patient } from '../../patients/entities/patient.entity';

/**
 * One export of a patient's data (issue 17): who asked for it, in which scope, and how its job is going. The job
 * keeps its state here (estado, progreso, mensaje_error), never in the queue. The archive is a stored file
 * (`archivoKey`) in the practice's space; the row refers to it until it expires, and both go with the patient.
 */
@Entity({ tableName: 'patient_exports' })
@Index({ name: 'patient_exports_patient_idx', properties: ['patient', 'solicitadoEn'] })
@Index({ name: 'patient_exports_requester_idx', properties: ['solicitante'] })
@Index({
  name: 'patient_exports_running_unique',
  expression: `create unique index "patient_exports_running_unique" on "patient_exports" ("patient_id", "solicitante_id") where "estado" in ('pendiente', 'generando')`,
})
export class PatientExport {
  [OptionalProps]?:
    | 'estado'
    | 'progreso'
    | 'mensajeError'
    | 'archivoKey'
    | 'nombreArchivo'
    | 'tamanoBytes'
    | 'archivos'
    | 'solicitadoEn'
    | 'completadoEn'
    | 'caducaEn';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => Patient, deleteRule: 'cascade', index: false })
  patient: Patient;

  /** Who asked for it: the only one who may download it. */
  @ManyToOne({ entity: () => User, deleteRule: 'cascade', index: false })
  solicitante: User;

  @Property({ type: 'string', length: 20 })
  alcance: ExportScope;

  @Property({ type: 'string', length: 20 })
  estado: ExportState = 'pendiente';

  @Property({ type: 'smallint' })
  progreso: number = 0;

  @Property({ type: 'text', nullable: true })
  mensajeError: string | null = null;

  @Property({ type: 'text', nullable: true })
  archivoKey: string | null = null;

  @Property({ type: 'string', length: 200, nullable: true })
  nombreArchivo: string | null = null;

  @Property({ type: new BigIntType('number'), nullable: true })
  tamanoBytes: number | null = null;

  @Property({ type: 'integer', nullable: true })
  archivos: number | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  solicitadoEn: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  completadoEn: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  caducaEn: Date | null = null;
}
