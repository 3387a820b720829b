import { Migration } from '@mikro-orm/migrations';

/**
 * How long the draft jobs take: one row per transcription or analysis run (its video's length for a transcription),
 * finished when the job wrote its result. The provider's recent speed, read from the last finished runs, gives the
 * time left a draft's progress answers ('unos 3 min').
 */
export class Migration20261129140000DraftJobRuns extends Migration {
  override up(): void {
    this.addSql(
      `create table "draft_job_runs" ("id" bigserial primary key, "kind" text check ("kind" in ('transcription', 'analysis')) not null, "draft_id" uuid null, "media_seconds" real null, "started_at" timestamptz not null default now(), "finished_at" timestamptz null);`,
    );
    this.addSql(`create index "draft_job_runs_draft_idx" on "draft_job_runs" ("draft_id");`);
    this.addSql(`create index "draft_job_runs_finished_idx" on "draft_job_runs" ("kind", "finished_at");`);
    this.addSql(
      `alter table "draft_job_runs" add constraint "draft_job_runs_draft_id_foreign" foreign key ("draft_id") references "session_drafts" ("id") on delete set null;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "draft_job_runs" cascade;`);
  }
}
