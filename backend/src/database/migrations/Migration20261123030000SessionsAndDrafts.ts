import { Migration } from '@mikro-orm/migrations';

/** Sessions (number unique per patient), auto-saved session drafts, and the patient's next appointment. */
export class Migration20261123030000SessionsAndDrafts extends Migration {
  override up(): void {
    this.addSql(`alter table "patients" add column "proxima_cita" timestamptz null;`);

    this.addSql(
      `create table "sessions" ("id" uuid not null, "patient_id" uuid not null, "therapist_id" uuid not null, "numero_sesion" int not null, "fecha" timestamptz not null, "duracion_minutos" int null, "tipo_sesion" varchar(20) null, "tipo_sesion_id" uuid null, "num_voces" smallint not null default 2, "notas" text null, "temas_importantes" text null, "intencion" text null, "tipo_medicina" text null, "cantidad" double precision null, "observaciones" text null, "campos_datos" jsonb not null default '{}', "video_url" text null, "transcripcion" text null, "analisis_ia" text null, "analisis_ia_paciente" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`create index "sessions_therapist_idx" on "sessions" ("therapist_id");`);
    this.addSql(`alter table "sessions" add constraint "sessions_patient_numero_unique" unique ("patient_id", "numero_sesion");`);
    this.addSql(
      `create index "sessions_patient_totals_idx" on "sessions" ("patient_id") include ("duracion_minutos", "fecha", "numero_sesion");`,
    );

    this.addSql(
      `create table "session_drafts" ("id" uuid not null, "patient_id" uuid not null, "therapist_id" uuid not null, "titulo" varchar(200) null, "descripcion" text null, "estado" varchar(20) not null default 'borrador', "progreso" smallint not null default 0, "mensaje_error" text null, "fecha" timestamptz null, "duracion_minutos" int null, "tipo_sesion" varchar(20) null, "tipo_sesion_id" uuid null, "num_voces" smallint not null default 2, "notas" text null, "temas_importantes" text null, "intencion" text null, "tipo_medicina" text null, "cantidad" double precision null, "observaciones" text null, "campos_datos" jsonb not null default '{}', "archivo_video_info" jsonb not null default '{}', "analisis_ia_paciente" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`create index "session_drafts_therapist_idx" on "session_drafts" ("therapist_id");`);
    this.addSql(`create index "session_drafts_patient_idx" on "session_drafts" ("patient_id", "updated_at");`);

    this.addSql(
      `alter table "sessions" add constraint "sessions_patient_id_foreign" foreign key ("patient_id") references "patients" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "sessions" add constraint "sessions_therapist_id_foreign" foreign key ("therapist_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "sessions" add constraint "sessions_tipo_sesion_id_foreign" foreign key ("tipo_sesion_id") references "session_types" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "session_drafts" add constraint "session_drafts_patient_id_foreign" foreign key ("patient_id") references "patients" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "session_drafts" add constraint "session_drafts_therapist_id_foreign" foreign key ("therapist_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "session_drafts" add constraint "session_drafts_tipo_sesion_id_foreign" foreign key ("tipo_sesion_id") references "session_types" ("id") on delete set null;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "session_drafts" cascade;`);
    this.addSql(`drop table if exists "sessions" cascade;`);
    this.addSql(`alter table "patients" drop column if exists "proxima_cita";`);
  }
}
