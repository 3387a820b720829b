import { Migration } from '@mikro-orm/migrations';

/** Uploads (stored_files), and the indexes that find what refers to a file key. */
export class Migration20261123050000StoredFiles extends Migration {
  override up(): void {
    this.addSql(
      `create table "stored_files" ("key" text not null, "therapist_id" uuid not null, "kind" varchar(20) not null, "file_name" varchar(200) not null, "content_type" varchar(150) not null, "declared_size" bigint null, "upload_id" text null, "created_at" timestamptz not null default now(), primary key ("key"));`,
    );
    this.addSql(`create index "stored_files_therapist_idx" on "stored_files" ("therapist_id");`);
    this.addSql(`create index "stored_files_created_idx" on "stored_files" ("created_at");`);
    this.addSql(
      `alter table "stored_files" add constraint "stored_files_therapist_id_foreign" foreign key ("therapist_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(`create index "sessions_video_url_idx" on "sessions" ("video_url") where "video_url" is not null;`);
    this.addSql(`create index "session_drafts_file_key_idx" on "session_drafts" (("archivo_video_info" ->> 'file_key'));`);
  }

  override down(): void {
    this.addSql(`drop index if exists "session_drafts_file_key_idx";`);
    this.addSql(`drop index if exists "sessions_video_url_idx";`);
    this.addSql(`drop table if exists "stored_files" cascade;`);
  }
}
