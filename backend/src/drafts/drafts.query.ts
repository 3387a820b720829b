import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import type { DraftDto, DraftProgressDto } from './dto/draft.dto';
import type { Execute } from '../common/sql/execute';
import { DRAFT_COLUMNS, DRAFT_FROM, PROGRESS_COLUMNS } from './drafts.sql';

/** Read side of drafts (rows in the answer's shape) and the statement runner of draft-writes.ts. */
@Injectable()
export class DraftsQuery {
  constructor(private readonly em: EntityManager) {}

  /** A patient's drafts, the most recently saved first. */
  listByPatient(patientId: string): Promise<DraftDto[]> {
    return this.run<DraftDto>(`select ${DRAFT_COLUMNS} ${DRAFT_FROM} where d.patient_id = ? order by d.updated_at desc, d.id`, [patientId]);
  }

  async one(id: string): Promise<DraftDto | undefined> {
    const [row] = await this.run<DraftDto>(`select ${DRAFT_COLUMNS} ${DRAFT_FROM} where d.id = ?`, [id]);
    return row;
  }

  async progress(id: string): Promise<DraftProgressDto | undefined> {
    const [row] = await this.run<DraftProgressDto>(`select ${PROGRESS_COLUMNS} from session_drafts d where d.id = ?`, [id]);
    return row;
  }

  readonly execute: Execute = (sql, params) => this.run(sql, params);

  private run<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params, 'all', this.em.getTransactionContext());
  }
}
