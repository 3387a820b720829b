import type { SessionAnalysisState, TranscriptSegment } from '@consulta/shared';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import { User } from '../../auth/entities/user.entity';
import { Patient } from '../../patients/entities/patient.entity';
import { PATIENT_TOTALS_TRIGGER_BODY } from '../../patients/patient-totals.sql';
import { SessionType } from '../../session-types/entities/session-type.entity';
import { SessionContent, type SessionContentOptional } from './session-content';

/**
 * A recorded therapy session. Built-in types live in `tipoSesion`, custom ones in
 * `tipoSesionRef` (exactly one of the two). `numeroSesion` is unique per patient: two creations racing for the same number
 * cannot both succeed. Deleting the patient deletes their sessions (ON DELETE CASCADE).
 */
@Entity({
  tableName: 'sessions',
  // Keeps the patient's session totals in step with their sessions (the statement is the patients module's).
  triggers: [
    {
      name: 'patient_totals',
      timing: 'after',
      events: ['insert', 'update', 'delete'],
      forEach: 'row',
      body: PATIENT_TOTALS_TRIGGER_BODY,
    },
  ],
})
@Unique({ name: 'sessions_patient_numero_unique', properties: ['patient', 'numeroSesion'] })
// A patient's latest date and next number (and the totals' backfill) read only this index.
@Index({
  name: 'sessions_patient_totals_idx',
  expression:
    'create index "sessions_patient_totals_idx" on "sessions" ("patient_id") include ("duracion_minutos", "fecha", "numero_sesion")',
})
// Finds the session that refers to a stored file (file release, the sweep, a patient's downloads).
@Index({
  name: 'sessions_video_url_idx',
  expression: 'create index "sessions_video_url_idx" on "sessions" ("video_url") where "video_url" is not null',
})
// Finds the background analyses a stopped process left running (resumed at start).
@Index({
  name: 'sessions_analysis_running_idx',
  expression: `create index "sessions_analysis_running_idx" on "sessions" ("id") where "analisis_estado" = 'generando'`,
})
export class Session extends SessionContent {
  [OptionalProps]?:
    | SessionContentOptional
    | 'tipoSesionRef'
    | 'videoUrl'
    | 'transcripcion'
    | 'transcripcionSegmentos'
    | 'analisisIa'
    | 'analisisEstado'
    | 'analisisIaPacientePublicado';

  @ManyToOne({ entity: () => Patient, deleteRule: 'cascade' })
  patient: Patient;

  @ManyToOne({ entity: () => User, deleteRule: 'cascade', index: 'sessions_therapist_idx' })
  therapist: User;

  @Property({ type: 'integer' })
  numeroSesion: number;

  @Property({ type: 'timestamptz' })
  fecha: Date;

  /** The custom type (kept readable when the therapist archives it). */
  @ManyToOne({ entity: () => SessionType, fieldName: 'tipo_sesion_id', nullable: true, deleteRule: 'restrict' })
  tipoSesionRef: SessionType | null = null;

  /** A storage file key, never a signed URL. */
  @Property({ type: 'text', nullable: true })
  videoUrl: string | null = null;

  @Property({ type: 'text', nullable: true })
  transcripcion: string | null = null;

  /** The transcript's turns with their times (from the draft's transcription); `transcripcion` is then their text. */
  @Property({ type: 'json', nullable: true })
  transcripcionSegmentos: TranscriptSegment[] | null = null;

  /** The therapist's original analysis (therapist-only). */
  @Property({ type: 'text', nullable: true })
  analisisIa: string | null = null;

  /** The background analysis: 'generando' while its job runs, 'fallido' when it gave up, else null. */
  @Property({ type: 'string', length: 20, nullable: true })
  analisisEstado: SessionAnalysisState | null = null;

  /** Whether the patient may read analisisIaPaciente (the therapist saved it from the form, or published it). */
  @Property({ type: 'boolean', default: false })
  analisisIaPacientePublicado: boolean = false;

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
