import { APPOINTMENT_MODES, APPOINTMENT_STATES, type AppointmentMode, type AppointmentState, type CancelledBy } from '@consulta/shared';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import { PatientOwned } from '../../patients/entities/patient-owned';
import { Session } from '../../sessions/entities/session.entity';

/**
 * An appointment of a therapist with one of their patients. `fin` is kept with `inicio` (start + duration) so the
 * week's read and the overlap check are ranges on one index. `version` rises with every change the patient or a
 * calendar would see (the feed's SEQUENCE). `recordatorioPara` is the start a reminder was sent for: a moved
 * appointment (another start) is reminded again, one reminded already for its start never twice.
 * Deleting the patient deletes their appointments (ON DELETE CASCADE).
 */
@Entity({ tableName: 'appointments' })
@Index({ name: 'appointments_therapist_start_idx', properties: ['therapist', 'inicio'] })
@Index({ name: 'appointments_patient_start_idx', properties: ['patient', 'inicio'] })
@Index({ name: 'appointments_series_idx', properties: ['serieId'] })
// The reminder sweep reads only the appointments still to remind, by start.
@Index({
  name: 'appointments_reminder_idx',
  expression: `create index "appointments_reminder_idx" on "appointments" ("inicio") where "estado" in ('programada', 'confirmada') and "recordatorio_para" is distinct from "inicio"`,
})
export class Appointment extends PatientOwned {
  [OptionalProps]?:
    | 'lugarOEnlace'
    | 'notas'
    | 'estado'
    | 'serieId'
    | 'session'
    | 'canceladaPor'
    | 'motivoCancelacion'
    | 'canceladaEn'
    | 'confirmadaEn'
    | 'recordatorioPara'
    | 'recordatorioEnviadoEn'
    | 'version'
    | 'fechaCreacion'
    | 'fechaActualizacion';

  @Property({ type: 'timestamptz' })
  inicio: Date;

  @Property({ type: 'timestamptz' })
  fin: Date;

  @Property({ type: 'smallint' })
  duracionMinutos: number;

  @Enum({ items: [...APPOINTMENT_MODES] })
  modalidad: AppointmentMode;

  @Property({ type: 'string', length: 500, nullable: true, fieldName: 'lugar_o_enlace' })
  lugarOEnlace: string | null = null;

  @Property({ type: 'text', nullable: true })
  notas: string | null = null;

  @Enum({ items: [...APPOINTMENT_STATES], default: 'programada' })
  estado: AppointmentState = 'programada';

  @Property({ type: 'uuid', nullable: true })
  serieId: string | null = null;

  @ManyToOne({ entity: () => Session, nullable: true, deleteRule: 'set null', fieldName: 'session_id' })
  session: Session | null = null;

  @Enum({ items: ['terapeuta', 'paciente'], nullable: true })
  canceladaPor: CancelledBy | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  motivoCancelacion: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  canceladaEn: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  confirmadaEn: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  recordatorioPara: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  recordatorioEnviadoEn: Date | null = null;

  @Property({ type: 'integer', default: 0 })
  version: number = 0;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  fechaCreacion: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  fechaActualizacion: Date = new Date();
}
