import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Session } from '../../sessions/entities/session.entity';

/** A passage's transcript turns: [character offset in `texto`, start in seconds] of each, in order. */
export type PassageTurns = [number, number][];

/**
 * The search index: one row per passage, i.e. a field of a session cut at about 100 words (the transcript in whole
 * turns). Written only by search-index-writes.ts, rebuilt whole for a session after each write of its fields;
 * derived from the session (it goes with it: on delete cascade), so neither backed up nor exported. `terms` are the
 * passage's words normalized (libs/shared/src/search-terms.ts), one space apart; `tsv` is built from them by the
 * database with the 'simple' configuration, which keeps each word as it is, in its place (so phrases match exactly).
 */
@Entity({ tableName: 'session_search_passages' })
@Index({
  name: 'session_search_passages_tsv_idx',
  expression: 'create index "session_search_passages_tsv_idx" on "session_search_passages" using gin ("tsv")',
})
// The newest passages of a therapist's patients, or of one patient, first: the candidates a search ranks.
@Index({
  name: 'session_search_passages_therapist_idx',
  expression: 'create index "session_search_passages_therapist_idx" on "session_search_passages" ("therapist_id", "fecha" desc)',
})
@Index({
  name: 'session_search_passages_patient_idx',
  expression: 'create index "session_search_passages_patient_idx" on "session_search_passages" ("patient_id", "fecha" desc)',
})
export class SessionSearchPassage {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @ManyToOne({ entity: () => Session, deleteRule: 'cascade', index: 'session_search_passages_session_idx' })
  session!: Session;

  /** The session's patient and that patient's therapist (copies: a session never moves). */
  @Property({ type: 'uuid' })
  patientId!: string;

  @Property({ type: 'uuid' })
  therapistId!: string;

  /** The session's date (a copy, for the newest-first candidates). */
  @Property({ type: 'timestamptz' })
  fecha!: Date;

  /** Where it comes from: a SearchField, or a custom field's name. */
  @Property({ type: 'string', length: 100 })
  campo!: string;

  /** The passage as written. */
  @Property({ type: 'text' })
  texto!: string;

  /** Transcript turns with their times (null when the text has none). */
  @Property({ type: 'json', nullable: true })
  turnos!: PassageTurns | null;

  @Property({ type: 'text' })
  terms!: string;

  @Property({ type: 'tsvector', generated: "(to_tsvector('simple'::regconfig, terms)) stored", lazy: true })
  tsv?: string;
}
