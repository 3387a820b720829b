import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { execute } from '../../common/sql/execute';
import type { AiSubject } from '../ai-provider';
import type { KnownPeople, KnownPerson } from './known-people';
import { patientsAs, therapistOfPatientSql } from '../../patients/patient-reads.sql';

interface PersonRow {
  patient_id: string | null;
  nombre: string;
  apellido: string | null;
  email: string | null;
  telefono_1: string | null;
  telefono_2: string | null;
  fecha_nacimiento: string | null;
}

/** The therapist first, then every patient of the practice, oldest first (one query, a few ms for 500 patients). */
const PRACTICE_SQL = `
  with practice as (
    select coalesce(${therapistOfPatientSql('?')}, ?::uuid) as therapist_id
  )
  select null as patient_id, u.name as nombre, null as apellido, u.email, tp.telefono as telefono_1, null as telefono_2,
         null as fecha_nacimiento, 0 as rank, u.created_at
    from practice join users u on u.id = practice.therapist_id left join therapist_profiles tp on tp.user_id = u.id
  union all
  select p.id::text, p.nombre, p.apellido, u.email, p.telefono_paciente, p.telefono, p.fecha_nacimiento::text, 1, p.fecha_creacion
    from practice join ${patientsAs('p')} on p.therapist_id = practice.therapist_id join users u on u.id = p.user_id
  order by rank, created_at`;

/** Who a request may name: the therapist, the patient it is about and the other patients of the same practice. */
@Injectable()
export class PeopleDirectory {
  constructor(private readonly em: EntityManager) {}

  async of(subject: AiSubject): Promise<KnownPeople> {
    const patientId = 'patientId' in subject ? subject.patientId : null;
    const therapistId = 'therapistId' in subject ? subject.therapistId : null;
    const rows = await execute<PersonRow>(this.em.fork(), PRACTICE_SQL, [patientId, therapistId]);
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
