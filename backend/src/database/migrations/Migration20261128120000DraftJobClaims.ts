import { Migration } from '@mikro-orm/migrations';

/**
 * When a job (or a session's save) took the draft: set by the claim, cleared when it lets go. A draft in a job state
 * without it was put there by no job (the demo practice's) and is not resumed at start; a save left running by a
 * stopped process is found by it.
 */
export class Migration20261128120000DraftJobClaims extends Migration {
  override up(): void {
    this.addSql(`alter table "session_drafts" add column "job_started_at" timestamptz null;`);
    this.addSql(
      `update "session_drafts" set "job_started_at" = "updated_at" where "estado" in ('procesando', 'transcribiendo', 'guardando');`,
    );
  }

  override down(): void {
    this.addSql(`alter table "session_drafts" drop column "job_started_at";`);
  }
}
