import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import type { SessionDto, SessionSummaryDto } from './dto/session.dto';
import { SESSION_COLUMNS, SESSION_FROM, SUMMARY_COLUMNS } from './sessions.sql';
import type { PatientScope } from '../access/patient-access.service';

/** Read side of sessions: rows already in the answer's shape, one statement per request. */
@Injectable()
export class SessionsQuery {
  constructor(private readonly em: EntityManager) {}

  /** A patient's sessions, newest number first, without their long texts. */
  listByPatient({ patientId }: PatientScope): Promise<SessionSummaryDto[]> {
    return this.execute(`select ${SUMMARY_COLUMNS} ${SESSION_FROM} where s.patient_id = ? order by s.numero_sesion desc`, [patientId]);
  }

  async one(id: string): Promise<SessionDto> {
    const [row] = await this.execute<SessionDto>(`select ${SESSION_COLUMNS} ${SESSION_FROM} where s.id = ?`, [id]);
    return row;
  }

  /** The number a new session of the patient gets: highest + 1, or 1. */
  async nextNumber(patientId: string, em: EntityManager = this.em): Promise<number> {
    const [row] = await em
      .getConnection()
      .execute<{ n: number }[]>(
        `select coalesce(max(numero_sesion), 0) + 1 as n from sessions where patient_id = ?`,
        [patientId],
        'all',
        em.getTransactionContext(),
      );
    return Number(row.n);
  }

  private execute<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params, 'all', this.em.getTransactionContext());
  }
}
