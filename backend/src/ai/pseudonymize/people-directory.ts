import { EntityManager } from '@mikro-orm/core';
import { Inject, Injectable } from '@nestjs/common';
import { execute } from '../../common/sql/execute';
import type { AiSubject } from '../ai-provider';
import type { KnownPeople, KnownPerson } from './known-people';

interface PersonRow {
  patient_id: string | null;
  nombre: string;
  apellido: string | null;
  email: string | null;
  telefono_1: string | null;
  telefono_2: string | null;
  fecha_nacimiento: string | null;
}

/**
 * The token of the practice's people (the therapist first, then every patient, oldest first; parameters: the subject
 * patient's id or null, the therapist's id or null): a read of the domains' tables, given at composition
 * (`AiModule.forRoot(PRACTICE_PEOPLE_SQL)`, patients/patient-reads.sql.ts), so ai/ knows no domain.
 */
export const PRACTICE_PEOPLE = Symbol('PRACTICE_PEOPLE');

/** Who a request may name: the therapist, the patient it is about and the other patients of the same practice. */
@Injectable()
export class PeopleDirectory {
  constructor(
    private readonly em: EntityManager,
    @Inject(PRACTICE_PEOPLE) private readonly practiceSql: string,
  ) {}

  async of(subject: AiSubject): Promise<KnownPeople> {
    const patientId = 'patientId' in subject ? subject.patientId : null;
    const therapistId = 'therapistId' in subject ? subject.therapistId : null;
    const rows = await execute<PersonRow>(this.em.fork(), this.practiceSql, [patientId, therapistId]);
    const [therapist, ...patients] = rows;
    if (!therapist || therapist.patient_id !== null) throw new Error('The AI request names no practice');
    const person = (row: PersonRow): KnownPerson => ({
      nombre: row.nombre,
      apellido: row.apellido,
      email: row.email,
      telefonos: [row.telefono_1, row.telefono_2],
      fechaNacimiento: row.fecha_nacimiento,
    });
    const subjectRow = patients.find((row) => row.patient_id === patientId);
    return {
      therapist: person(therapist),
      subject: subjectRow ? person(subjectRow) : null,
      others: patients.filter((row) => row !== subjectRow).map(person),
    };
  }
}
