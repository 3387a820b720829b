import { randomUUID } from 'node:crypto';
import { QUESTIONNAIRE_CODES, SEVERITIES, type QuestionnaireCode, type Severity } from '@consulta/shared';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Patient } from '../../patients/entities/patient.entity';
import { QuestionnaireAssignment } from './questionnaire-assignment.entity';

/**
 * One scored answer of a patient: clinical data like a session's notes. `alerta` (PHQ-9 item 9 above 0) flags the
 * patient to the therapist until `revisadaEn`. A result outlives its assignment's deletion (kept without it); the
 * patient's deletion takes it (ON DELETE CASCADE).
 */
@Entity({ tableName: 'questionnaire_results' })
@Index({ name: 'questionnaire_results_patient_idx', properties: ['patient', 'fecha'] })
// The patient list's flag: unreviewed alerts only.
@Index({
  name: 'questionnaire_results_alert_idx',
  expression: `create index "questionnaire_results_alert_idx" on "questionnaire_results" ("patient_id") where "alerta" and "revisada_en" is null`,
})
export class QuestionnaireResult {
  [OptionalProps]?: 'assignment' | 'fecha' | 'revisadaEn';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => QuestionnaireAssignment, nullable: true, deleteRule: 'set null', fieldName: 'assignment_id' })
  assignment: QuestionnaireAssignment | null = null;

  @ManyToOne({ entity: () => Patient, deleteRule: 'cascade' })
  patient: Patient;

  @Enum({ items: [...QUESTIONNAIRE_CODES] })
  codigo: QuestionnaireCode;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  fecha: Date = new Date();

  @Property({ type: 'smallint' })
  puntuacion: number;

  @Enum({ items: [...SEVERITIES] })
  gravedad: Severity;

  @Property({ type: 'json' })
  respuestas: number[];

  @Property({ type: 'boolean' })
  alerta: boolean;

  @Property({ type: 'timestamptz', nullable: true })
  revisadaEn: Date | null = null;
}
