import { QUESTIONNAIRE_CODES, type QuestionnaireCode, type QuestionnaireFrequency } from '@consulta/shared';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, Index, Property } from '@mikro-orm/decorators/legacy';
import { PatientOwned } from '../../patients/entities/patient-owned';

/**
 * A scale the therapist asked one of their patients to answer, once (`frecuenciaDias` 0) or every 7, 14 or 28 days
 * until `hasta` or until stopped. `proximaFecha` is the day it is or falls next due, in the therapist's zone (null
 * once nothing is left); `avisoPara` the due day the patient was mailed about (one mail per due day).
 * Deleting the patient deletes their assignments (ON DELETE CASCADE).
 */
@Entity({ tableName: 'questionnaire_assignments' })
@Index({ name: 'questionnaire_assignments_patient_idx', properties: ['patient', 'creadaEn'] })
// The due-mail sweep reads only the live assignments, by due day.
@Index({
  name: 'questionnaire_assignments_due_idx',
  expression: `create index "questionnaire_assignments_due_idx" on "questionnaire_assignments" ("proxima_fecha") where "detenida_en" is null and "proxima_fecha" is not null`,
})
export class QuestionnaireAssignment extends PatientOwned {
  [OptionalProps]?: 'hasta' | 'proximaFecha' | 'avisoPara' | 'detenidaEn' | 'creadaEn';

  @Enum({ items: [...QUESTIONNAIRE_CODES] })
  codigo: QuestionnaireCode;

  @Property({ type: 'smallint' })
  frecuenciaDias: QuestionnaireFrequency;

  @Property({ type: 'date', nullable: true })
  hasta: string | null = null;

  @Property({ type: 'date', nullable: true })
  proximaFecha: string | null = null;

  @Property({ type: 'date', nullable: true })
  avisoPara: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  detenidaEn: Date | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  creadaEn: Date = new Date();
}
