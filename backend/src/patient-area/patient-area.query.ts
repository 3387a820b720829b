import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import {
  PATIENT_RECENT_SESSIONS,
  type PatientDashboard,
  type PatientOwnProfile,
  type PatientViewSession,
  type PatientViewSessionSummary,
} from '@consulta/shared';
import { execute } from '../common/sql/execute';
import { isUuid } from '../common/validation/uuid';
import {
  PATIENT_PROFILE_SQL,
  PATIENT_SESSION_COLUMNS,
  PATIENT_SESSION_FROM,
  PATIENT_SESSION_SUMMARY_COLUMNS,
  patientDashboardSql,
} from './patient-view.sql';
import type { PatientScope } from '../access/patient-access.service';

const DASHBOARD_SQL = patientDashboardSql(PATIENT_RECENT_SESSIONS);

/** A profile row before its picture is signed: the Google picture rides along for the fallback. */
export type ProfileRow = Omit<PatientOwnProfile, 'avatar_url'> & { google_avatar_url: string | null };

/** Read side of the patient area: one statement each, rows already in the answer's shape (patient-view.sql.ts). */
@Injectable()
export class PatientAreaQuery {
  constructor(private readonly em: EntityManager) {}

  /** The patient's sessions, the latest first. */
  sessions({ patientId }: PatientScope): Promise<PatientViewSessionSummary[]> {
    return execute(
      this.em,
      `select ${PATIENT_SESSION_SUMMARY_COLUMNS} ${PATIENT_SESSION_FROM} where s.patient_id = ? order by s.fecha desc, s.numero_sesion desc`,
      [patientId],
    );
  }

  /** One of the patient's sessions; null for any other id. */
  async session({ patientId }: PatientScope, sessionId: string): Promise<PatientViewSession | null> {
    if (!isUuid(sessionId)) return null;
    const [row] = await execute<PatientViewSession>(
      this.em,
      `select ${PATIENT_SESSION_COLUMNS} ${PATIENT_SESSION_FROM} where s.id = ? and s.patient_id = ?`,
      [sessionId, patientId],
    );
    return row ?? null;
  }

  async dashboard({ patientId }: PatientScope): Promise<PatientDashboard> {
    const [row] = await execute<PatientDashboard>(this.em, DASHBOARD_SQL, [patientId]);
    return row;
  }

  async profile({ patientId }: PatientScope): Promise<ProfileRow> {
    const [row] = await execute<ProfileRow>(this.em, PATIENT_PROFILE_SQL, [patientId]);
    return row;
  }
}
