import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { SessionDraft } from './session-draft.entity';

/** The draft jobs whose time is measured. */
export const DRAFT_JOB_KINDS = ['transcription', 'analysis'] as const;
export type DraftJobKind = (typeof DRAFT_JOB_KINDS)[number];

/**
 * One run of a draft job, for the time-left estimate (draft-job-runs.ts): when it started (a transcription: once its
 * video's length is known), that length, and when it wrote its result. A run that stopped (cancelled, failed) is
 * removed; a finished one outlives its draft (the provider's speed is the practice's, not the draft's).
 */
@Entity({ tableName: 'draft_job_runs' })
@Index({ name: 'draft_job_runs_finished_idx', properties: ['kind', 'finishedAt'] })
export class DraftJobRun {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @Enum({ items: [...DRAFT_JOB_KINDS] })
  kind!: DraftJobKind;

  @ManyToOne({ entity: () => SessionDraft, nullable: true, deleteRule: 'set null', index: 'draft_job_runs_draft_idx' })
  draft!: SessionDraft | null;

  /** The video's length (a transcription), in seconds. */
  @Property({ columnType: 'real', nullable: true })
  mediaSeconds!: number | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  startedAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;
}
