import { ConflictException, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { MSG, type ConsentKind } from '@consulta/shared';
import { problem } from '../common/errors/error.dto';
import { execute } from '../common/sql/execute';
import { DRAFT_PATIENT_SQL } from '../drafts/drafts.sql';
import { SESSION_PATIENT_SQL } from '../sessions/sessions.sql';
import { consentInForceSql } from './consent.sql';

const REQUIRED: Record<'grabacion' | 'ia', string> = { grabacion: MSG.consents.recordingRequired, ia: MSG.consents.aiRequired };

/**
 * The consent checks of the routes and jobs that need one: a video attached needs `grabacion`; transcription,
 * analyses and the assistants need `ia`. Called after the access check (what the caller may not reach stays 404).
 */
@Injectable()
export class ConsentGate {
  constructor(private readonly em: EntityManager) {}

  async given(patientId: string, kind: ConsentKind): Promise<boolean> {
    const [row] = await execute<{ given: boolean }>(this.em.fork(), `select ${consentInForceSql('?', kind)} as given`, [patientId]);
    return row.given;
  }

  /** 409 CONSENT_REQUIRED, naming the missing consent (`detail` overrides the therapist's wording). */
  async require(patientId: string, kind: 'grabacion' | 'ia', detail = REQUIRED[kind]): Promise<void> {
    if (!(await this.given(patientId, kind))) throw new ConflictException(problem(detail, 'CONSENT_REQUIRED'));
  }

  /** For a job: whether the patient of draft `draftId` still has `kind` in force when it runs (false once it is gone). */
  givenForDraft(draftId: string, kind: ConsentKind): Promise<boolean> {
    return this.givenForPatientOf(DRAFT_PATIENT_SQL, draftId, kind);
  }

  /** For a job: the same for session `sessionId`. */
  givenForSession(sessionId: string, kind: ConsentKind): Promise<boolean> {
    return this.givenForPatientOf(SESSION_PATIENT_SQL, sessionId, kind);
  }

  /** `patientOf`: the owning module's select of one record's `patient_id` by its id (`?`). */
  private async givenForPatientOf(patientOf: string, id: string, kind: ConsentKind): Promise<boolean> {
    const [row] = await execute<{ given: boolean }>(
      this.em.fork(),
      `select ${consentInForceSql('r.patient_id', kind)} as given from (${patientOf}) r`,
      [id],
    );
    return row?.given ?? false;
  }
}
