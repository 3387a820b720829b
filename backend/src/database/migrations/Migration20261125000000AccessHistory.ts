import { Migration } from '@mikro-orm/migrations';

/**
 * The access history (issue 17): one row per clinical read or write and patient reached, kept with the patient
 * (erased by the patient's deletion) and append-only (a trigger refuses UPDATE and DELETE, except the foreign keys'
 * own cascade and set null, which run one trigger level deeper).
 */
export class Migration20261125000000AccessHistory extends Migration {
  override up(): void {
    this.addSql(
      `create table "access_history" ("id" bigserial primary key, "occurred_at" timestamptz not null, "patient_id" uuid null, "actor_id" uuid null, "actor_role" text not null, "kind" text not null, "action" text not null, "method" varchar(10) not null, "path" varchar(500) not null, "status" smallint not null, "success" boolean not null, "ip" varchar(64) null, "user_agent" varchar(300) null);`,
    );
    this.addSql(`create index "access_history_actor_idx" on "access_history" ("actor_id");`);
    this.addSql(`create index "access_history_occurred_at_idx" on "access_history" ("occurred_at");`);
    this.addSql(`create index "access_history_patient_idx" on "access_history" ("patient_id", "occurred_at");`);
    this.addSql(
      `alter table "access_history" add constraint "access_history_patient_id_foreign" foreign key ("patient_id") references "patients" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "access_history" add constraint "access_history_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "access_history" add constraint "access_history_actor_role_check" check ("actor_role" in ('terapeuta', 'paciente'));`,
    );
    this.addSql(
      `alter table "access_history" add constraint "access_history_kind_check" check ("kind" in ('ficha', 'sesion', 'borrador', 'transcripcion', 'analisis', 'archivo', 'chat_ia', 'ejercicios', 'consentimiento'));`,
    );
    this.addSql(
      `alter table "access_history" add constraint "access_history_action_check" check ("action" in ('lectura', 'creacion', 'modificacion', 'eliminacion'));`,
    );
    this.addSql(
      `create or replace function "access_history_append_only_fn"() returns trigger as $$ begin if pg_trigger_depth() > 1 then if tg_op = 'DELETE' then return old; end if; return new; end if; raise exception 'access_history is append-only' using errcode = 'insufficient_privilege'; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "append_only" BEFORE UPDATE OR DELETE on "access_history" for each ROW execute function "access_history_append_only_fn"();`,
    );
  }

  override down(): void {
    this.addSql(`drop trigger if exists "append_only" on "access_history";`);
    this.addSql(`drop function if exists "access_history_append_only_fn"();`);
    this.addSql(`drop table if exists "access_history" cascade;`);
  }
}
