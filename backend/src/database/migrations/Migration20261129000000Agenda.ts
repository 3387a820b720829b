import { Migration } from '@mikro-orm/migrations';

/**
 * The agenda: appointments (with their series, reminders and the session recorded from them), each therapist's
 * secret calendar feed and time zone. The next appointment a patient has is now read from the agenda: the dates
 * typed by hand into `patients.proxima_cita` that are still to come become appointments (50 minutes, presencial,
 * programada), and the column goes. The access history learns the kind 'cita'.
 */
export class Migration20261129000000Agenda extends Migration {
  override up(): void {
    this.addSql(
      `create table "appointments" ("id" uuid not null, "therapist_id" uuid not null, "patient_id" uuid not null, "inicio" timestamptz not null, "fin" timestamptz not null, "duracion_minutos" smallint not null, "modalidad" text not null, "lugar_o_enlace" varchar(500) null, "notas" text null, "estado" text not null default 'programada', "serie_id" uuid null, "session_id" uuid null, "cancelada_por" text null, "motivo_cancelacion" varchar(500) null, "cancelada_en" timestamptz null, "confirmada_en" timestamptz null, "recordatorio_para" timestamptz null, "recordatorio_enviado_en" timestamptz null, "version" int not null default 0, "fecha_creacion" timestamptz not null default now(), "fecha_actualizacion" timestamptz not null default now(), primary key ("id"), constraint "appointments_estado_check" check ("estado" in ('programada', 'confirmada', 'cancelada', 'realizada', 'no_asistio')), constraint "appointments_modalidad_check" check ("modalidad" in ('presencial', 'videollamada')), constraint "appointments_cancelada_por_check" check ("cancelada_por" in ('terapeuta', 'paciente')));`,
    );
    this.addSql(`create index "appointments_therapist_start_idx" on "appointments" ("therapist_id", "inicio");`);
    this.addSql(`create index "appointments_patient_start_idx" on "appointments" ("patient_id", "inicio");`);
    this.addSql(`create index "appointments_series_idx" on "appointments" ("serie_id");`);
    // The reminder sweep reads only the appointments still to remind, by start.
    this.addSql(
      `create index "appointments_reminder_idx" on "appointments" ("inicio") where "estado" in ('programada', 'confirmada') and "recordatorio_para" is distinct from "inicio";`,
    );
    this.addSql(
      `alter table "appointments" add constraint "appointments_therapist_id_foreign" foreign key ("therapist_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "appointments" add constraint "appointments_patient_id_foreign" foreign key ("patient_id") references "patients" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "appointments" add constraint "appointments_session_id_foreign" foreign key ("session_id") references "sessions" ("id") on delete set null;`,
    );
    this.addSql(
      `create table "calendar_feeds" ("therapist_id" uuid not null, "token_hash" varchar(64) not null, "creado_en" timestamptz not null default now(), primary key ("therapist_id"));`,
    );
    this.addSql(`alter table "calendar_feeds" add constraint "calendar_feeds_token_hash_unique" unique ("token_hash");`);
    this.addSql(
      `alter table "calendar_feeds" add constraint "calendar_feeds_therapist_id_foreign" foreign key ("therapist_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`alter table "therapist_profiles" add column "zona_horaria" varchar(64) null;`);
    this.addSql(`alter table "session_drafts" add column "cita_id" uuid null;`);
    this.addSql(
      `alter table "session_drafts" add constraint "session_drafts_cita_id_foreign" foreign key ("cita_id") references "appointments" ("id") on delete set null;`,
    );
    this.addSql(
      `insert into "appointments" ("id", "therapist_id", "patient_id", "inicio", "fin", "duracion_minutos", "modalidad") select gen_random_uuid(), "therapist_id", "id", "proxima_cita", "proxima_cita" + interval '50 minutes', 50, 'presencial' from "patients" where "proxima_cita" > now();`,
    );
    this.addSql(`alter table "patients" drop column "proxima_cita";`);
    this.addSql(`alter table "access_history" drop constraint "access_history_kind_check";`);
    this.addSql(
      `alter table "access_history" add constraint "access_history_kind_check" check ("kind" in ('ficha', 'sesion', 'borrador', 'transcripcion', 'analisis', 'archivo', 'chat_ia', 'ejercicios', 'consentimiento', 'exportacion', 'busqueda', 'cita'));`,
    );
  }

  override down(): void {
    this.addSql(`delete from "access_history" where "kind" = 'cita';`);
    this.addSql(`alter table "access_history" drop constraint "access_history_kind_check";`);
    this.addSql(
      `alter table "access_history" add constraint "access_history_kind_check" check ("kind" in ('ficha', 'sesion', 'borrador', 'transcripcion', 'analisis', 'archivo', 'chat_ia', 'ejercicios', 'consentimiento', 'exportacion', 'busqueda'));`,
    );
    this.addSql(`alter table "patients" add column "proxima_cita" timestamptz null;`);
    this.addSql(
      `update "patients" p set "proxima_cita" = (select min(a."inicio") from "appointments" a where a."patient_id" = p."id" and a."estado" in ('programada', 'confirmada') and a."inicio" > now());`,
    );
    this.addSql(`alter table "therapist_profiles" drop column if exists "zona_horaria";`);
    this.addSql(`alter table "session_drafts" drop column if exists "cita_id";`);
    this.addSql(`drop table if exists "calendar_feeds" cascade;`);
    this.addSql(`drop table if exists "appointments" cascade;`);
  }
}
