import { randomUUID } from 'node:crypto';
import type { CamposDatos, DraftState, DraftVideoInfo } from '@consulta/shared';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../../auth/entities/user.entity';
import { Patient } from '../../patients/entities/patient.entity';
import { SessionType } from '../../session-types/entities/session-type.entity';

/**
 * An auto-saved session draft (spec 2 §3 "Session draft"). Two writers share it: the therapist's auto-save
 * (content columns) and background jobs (estado, progreso, mensaje_error, the transcript and analyses). Both
 * write with targeted UPDATE statements (draft-writes.ts), never a read-modify-write of the whole row, so
 * neither can overwrite what the other wrote.
 */
@Entity({ tableName: 'session_drafts' })
@Index({ name: 'session_drafts_patient_idx', properties: ['patient', 'updatedAt'] })
export class SessionDraft {
  [OptionalProps]?:
    | 'titulo'
    | 'descripcion'
    | 'estado'
    | 'progreso'
    | 'mensajeError'
    | 'fecha'
    | 'duracionMinutos'
    | 'tipoSesion'
    | 'tipoSesionRef'
    | 'numVoces'
    | 'notas'
    | 'temasImportantes'
    | 'intencion'
    | 'tipoMedicina'
    | 'cantidad'
    | 'observaciones'
    | 'camposDatos'
    | 'archivoVideoInfo'
    | 'analisisIaPaciente'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => Patient, deleteRule: 'cascade' })
  patient: Patient;

  @ManyToOne({ entity: () => User, deleteRule: 'cascade', index: 'session_drafts_therapist_idx' })
  therapist: User;

  @Property({ type: 'string', length: 200, nullable: true })
  titulo: string | null = null;

  @Property({ type: 'text', nullable: true })
  descripcion: string | null = null;

  @Property({ type: 'string', length: 20, default: 'borrador' })
  estado: DraftState = 'borrador';

  @Property({ type: 'smallint', default: 0 })
  progreso: number = 0;

  @Property({ type: 'text', nullable: true })
  mensajeError: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  fecha: Date | null = null;

  @Property({ type: 'integer', nullable: true })
  duracionMinutos: number | null = null;

  @Property({ type: 'string', length: 20, nullable: true })
  tipoSesion: string | null = null;

  /** A custom type chosen for the draft; archiving the type keeps it, deleting it (never done) clears it. */
  @ManyToOne({ entity: () => SessionType, fieldName: 'tipo_sesion_id', nullable: true, deleteRule: 'set null' })
  tipoSesionRef: SessionType | null = null;

  @Property({ type: 'smallint', default: 2 })
  numVoces: number = 2;

  @Property({ type: 'text', nullable: true })
  notas: string | null = null;

  @Property({ type: 'text', nullable: true })
  temasImportantes: string | null = null;

  @Property({ type: 'text', nullable: true })
  intencion: string | null = null;

  @Property({ type: 'text', nullable: true })
  tipoMedicina: string | null = null;

  @Property({ type: 'double', nullable: true })
  cantidad: number | null = null;

  @Property({ type: 'text', nullable: true })
  observaciones: string | null = null;

  @Property({ type: 'json', default: '{}' })
  camposDatos: CamposDatos = {};

  @Property({ type: 'json', default: '{}' })
  archivoVideoInfo: DraftVideoInfo = {};

  @Property({ type: 'text', nullable: true })
  analisisIaPaciente: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}
