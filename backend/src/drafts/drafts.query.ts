import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { TRANSCRIPT_PREVIEW, transcriptPreview, type TranscriptSegment } from '@consulta/shared';
import type { DraftDto, DraftListItemDto, DraftProgressDto } from './dto/draft.dto';
import type { Execute } from '../common/sql/execute';
import { secondsLeft } from './draft-job-runs';
import { DRAFT_COLUMNS, DRAFT_FROM, DRAFT_LIST_COLUMNS, PROGRESS_COLUMNS } from './drafts.sql';
import type { PatientScope } from '../access/patient-access.service';

type ListRow = Omit<DraftListItemDto, 'transcripcion_preview'> & {
  preview_text: string | null;
  preview_segments: TranscriptSegment[] | null;
};

/** Read side of drafts (rows in the answer's shape) and the statement runner of draft-writes.ts. */
@Injectable()
export class DraftsQuery {
  constructor(private readonly em: EntityManager) {}

  /**
   * A patient's drafts, the most recently saved first, with a preview of each transcript instead of the long texts.
   * A draft that became a session (`completado`) is no longer listed.
   */
  async listByPatient({ patientId }: PatientScope): Promise<DraftListItemDto[]> {
    const rows = await this.run<ListRow>(
      `select ${DRAFT_LIST_COLUMNS(TRANSCRIPT_PREVIEW.chars, TRANSCRIPT_PREVIEW.turns)} ${DRAFT_FROM}
       where d.patient_id = ? and d.estado <> 'completado' order by d.updated_at desc, d.id`,
      [patientId],
    );
    return rows.map(({ preview_text, preview_segments, ...draft }) => ({
      ...draft,
      transcripcion_preview: transcriptPreview(preview_text, preview_segments),
    }));
  }

  /** A patient's drafts whole (the therapist's export), the most recently saved first; not those saved as sessions. */
  wholeByPatient({ patientId }: PatientScope): Promise<DraftDto[]> {
    return this.run<DraftDto>(
      `select ${DRAFT_COLUMNS} ${DRAFT_FROM} where d.patient_id = ? and d.estado <> 'completado' order by d.updated_at desc, d.id`,
      [patientId],
    );
  }

  async one(id: string): Promise<DraftDto | undefined> {
    const [row] = await this.run<DraftDto>(`select ${DRAFT_COLUMNS} ${DRAFT_FROM} where d.id = ?`, [id]);
    return row;
  }

  async progress(id: string): Promise<DraftProgressDto | undefined> {
    const [row] = await this.run<Omit<DraftProgressDto, 'segundos_restantes'>>(
      `select ${PROGRESS_COLUMNS} from session_drafts d where d.id = ?`,
      [id],
    );
    return row && { ...row, segundos_restantes: await secondsLeft(this.execute, id, row.estado) };
  }

  readonly execute: Execute = (sql, params) => this.run(sql, params);

  private run<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params, 'all', this.em.getTransactionContext());
  }
}
