import { Migration } from '@mikro-orm/migrations';

/**
 * A saved session's background analysis (its state, and whether the patient version is published), and the
 * indexes that find the jobs a stopped process left behind (resumed at start).
 */
export class Migration20261123060000SessionAnalyses extends Migration {
  override up(): void {
    this.addSql(
      `alter table "sessions" add column "analisis_estado" varchar(20) null, add column "analisis_ia_paciente_publicado" boolean not null default false;`,
    );
    // Patient versions saved before the gate existed were written or seen by the therapist in the form.
    this.addSql(`update "sessions" set "analisis_ia_paciente_publicado" = true where "analisis_ia_paciente" is not null;`);
    this.addSql(`create index "sessions_analysis_running_idx" on "sessions" ("id") where "analisis_estado" = 'generando';`);
    this.addSql(
      `create index "session_drafts_busy_idx" on "session_drafts" ("estado") where "estado" in ('procesando', 'transcribiendo', 'guardando');`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "session_drafts_busy_idx";`);
    this.addSql(`drop index if exists "sessions_analysis_running_idx";`);
    this.addSql(`alter table "sessions" drop column "analisis_ia_paciente_publicado", drop column "analisis_estado";`);
  }
}
