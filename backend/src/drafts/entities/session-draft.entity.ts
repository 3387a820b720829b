import type { DraftState, DraftVideoInfo } from '@consulta/shared';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import { Appointment } from '../../agenda/entities/appointment.entity';
import { User } from '../../auth/entities/user.entity';
import { Patient } from '../../patients/entities/patient.entity';
import { SessionContent, type SessionContentOptional } from '../../sessions/entities/session-content';
import { SessionType } from '../../session-types/entities/session-type.entity';

/**
 * An auto-saved session draft. Two writers share it: the therapist's auto-save
 * (content columns) and background jobs (estado, progreso, mensaje_error, the transcript and analyses). Both
 * write with targeted UPDATE statements (draft-writes.ts), never a read-modify-write of the whole row, so
 * neither can overwrite what the other wrote.
 */
@Entity({ tableName: 'session_drafts' })
@Index({ name: 'session_drafts_patient_idx', properties: ['patient', 'updatedAt'] })
// Finds the draft that refers to a stored file (file release, the sweep).
@Index({
  name: 'session_drafts_file_key_idx',
  expression: `create index "session_drafts_file_key_idx" on "session_drafts" (("archivo_video_info" ->> 'file_key'))`,
})
// Finds the jobs a stopped process left running (resumed at start).
@Index({
  name: 'session_drafts_busy_idx',
  expression: `create index "session_drafts_busy_idx" on "session_drafts" ("estado") where "estado" in ('procesando', 'transcribiendo', 'guardando')`,
})
export class SessionDraft extends SessionContent {
  [OptionalProps]?:
    | SessionContentOptional
    | 'titulo'
    | 'descripcion'
    | 'estado'
    | 'progreso'
    | 'mensajeError'
    | 'fecha'
    | 'tipoSesionRef'
    | 'archivoVideoInfo'
    | 'jobStartedAt'
    | 'appointment';

  @ManyToOne({ entity: () => Patient, deleteRule: 'cascade' })
  patient: Patient;

  @ManyToOne({ entity: () => User, deleteRule: 'cascade', index: 'session_drafts_therapist_idx' })
  therapist: User;

  /** The appointment the draft was opened from: its session marks it `realizada`. */
  @ManyToOne({ entity: () => Appointment, nullable: true, deleteRule: 'set null', fieldName: 'cita_id' })
  appointment: Appointment | null = null;

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

  /** A custom type chosen for the draft; archiving the type keeps it, deleting it (never done) clears it. */
  @ManyToOne({ entity: () => SessionType, fieldName: 'tipo_sesion_id', nullable: true, deleteRule: 'set null' })
  tipoSesionRef: SessionType | null = null;

  @Property({ type: 'json', default: '{}' })
  archivoVideoInfo: DraftVideoInfo = {};

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();

  /** When a job or a session's save took the draft (draft-writes.ts); null while none holds it. */
  @Property({ type: 'timestamptz', nullable: true })
  jobStartedAt: Date | null = null;
}
