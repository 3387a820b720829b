import { Migration } from '@mikro-orm/migrations';

/** Invitation links and password-reset links: only token hashes are stored. */
export class Migration20261123010000InvitationsAndPasswordResets extends Migration {
  override up(): void {
    this.addSql(
      `create table "password_resets" ("id" uuid not null, "user_id" uuid not null, "token_hash" varchar(64) not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`create index "password_resets_user_idx" on "password_resets" ("user_id");`);
    this.addSql(`alter table "password_resets" add constraint "password_resets_token_hash_unique" unique ("token_hash");`);

    this.addSql(
      `create table "invitations" ("id" uuid not null, "therapist_id" uuid not null, "token_hash" varchar(64) not null, "email" varchar(254) null, "phone_number" varchar(20) null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`alter table "invitations" add constraint "invitations_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "invitations_therapist_idx" on "invitations" ("therapist_id");`);

    this.addSql(
      `alter table "password_resets" add constraint "password_resets_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "invitations" add constraint "invitations_therapist_id_foreign" foreign key ("therapist_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "password_resets" cascade;`);
    this.addSql(`drop table if exists "invitations" cascade;`);
  }
}
