import { Migration } from '@mikro-orm/migrations';

/** Users (therapists and patients) and patients. */
export class Migration20261122000000Initial extends Migration {
  override up(): void {
    this.addSql(`create table "users" (
      "id" uuid not null,
      "email" varchar(254) not null,
      "name" varchar(255) not null,
      "role" text check ("role" in ('terapeuta', 'paciente')) not null,
      "password_hash" text null,
      "must_change_password" boolean not null default false,
      "token_version" int not null default 0,
      "avatar_url" text null,
      "foto_perfil" text null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      constraint "users_pkey" primary key ("id"));`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);

    this.addSql(`create table "patients" (
      "id" uuid not null,
      "user_id" uuid not null,
      "therapist_id" uuid not null,
      "nombre" varchar(100) not null,
      "apellido" varchar(100) not null,
      "telefono_paciente" varchar(20) null,
      "telefono" varchar(30) null,
      "edad" smallint null,
      "fecha_nacimiento" date null,
      "estado_civil" varchar(20) null,
      "profesion_ocupacion" varchar(200) null,
      "nivel_escolaridad" varchar(20) null,
      "ha_hecho_terapia" boolean null,
      "ha_hecho_psicodelicos" boolean null,
      "ha_hecho_constelaciones" boolean null,
      "propuesta_terapia" text null,
      "tipo_servicio" varchar(100) null,
      "whatsapp_mensajeria_consentimiento" boolean not null default false,
      "fecha_ingreso" date null,
      "estado_terapia" varchar(20) not null default 'activo',
      "notas_terapeuticas" text null,
      "objetivos_terapia" text null,
      "plan_tratamiento" text null,
      "fecha_creacion" timestamptz not null default now(),
      constraint "patients_pkey" primary key ("id"));`);
    this.addSql(`alter table "patients" add constraint "patients_user_id_unique" unique ("user_id");`);
    this.addSql(`create index "patients_therapist_names_idx" on "patients" ("therapist_id", "apellido", "nombre");`);
    this.addSql(`alter table "patients" add constraint "patients_user_id_foreign"
      foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "patients" add constraint "patients_therapist_id_foreign"
      foreign key ("therapist_id") references "users" ("id") on delete restrict;`);
  }

  override down(): void {
    this.addSql(`drop table if exists "patients" cascade;`);
    this.addSql(`drop table if exists "users" cascade;`);
  }
}
