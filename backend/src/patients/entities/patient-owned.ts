import { ManyToOne } from '@mikro-orm/decorators/legacy';
import { TherapistOwned } from '../../auth/entities/therapist-owned';
import { Patient } from './patient.entity';

/** A therapist's row about one of their patients (an appointment, a questionnaire assignment): deleted with the patient. */
export abstract class PatientOwned extends TherapistOwned {
  @ManyToOne({ entity: () => Patient, deleteRule: 'cascade' })
  patient: Patient;
}
