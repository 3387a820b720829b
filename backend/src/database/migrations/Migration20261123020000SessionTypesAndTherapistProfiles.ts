import { Migration } from '@mikro-orm/migrations';

/** Custom session types (money as numeric(12,2), archived instead of deleted) and therapist profiles. */
export class Migration20261123020000SessionTypesAndTherapistProfiles extends Migration {
  override up(): void {
    this.addSql(
      `create table "therapist_profiles" ("user_id" uuid not null, "especialidad" varchar(200) null, "licencia" varchar(100) null, "telefono" varchar(30) null, "direccion" varchar(300) null, "biografia" text null, "estudios" jsonb not null default '[]', "certificaciones" jsonb not null default '[]', "updated_at" timestamptz not null default now(), primary key ("user_id"));`,
    );

    this.addSql(
      `create table "session_types" ("id" uuid not null, "therapist_id" uuid not null, "nombre" varchar(100) not null, "descripcion" text null, "campos" jsonb not null default '[]', "activo" boolean not null default true, "valor" numeric(12,2) not null, "fecha_creacion" timestamptz not null default now(), "fecha_actualizacion" timestamptz not null default now(), "eliminado_en" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "session_types_therapist_idx" on "session_types" ("therapist_id");`);

    this.addSql(
      `alter table "therapist_profiles" add constraint "therapist_profiles_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "session_types" add constraint "session_types_therapist_id_foreign" foreign key ("therapist_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "therapist_profiles" cascade;`);
    this.addSql(`drop table if exists "session_types" cascade;`);
  }
}
