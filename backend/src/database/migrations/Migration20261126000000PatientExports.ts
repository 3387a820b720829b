import { Migration } from '@mikro-orm/migrations';

/**
 * Patients' data exports (issue 17): one row per export and its job's state; at most one running per patient and
 * requester. The access history learns the kind 'exportacion'.
 */
export class Migration20261126000000PatientExports extends Migration {
  override up(): void {
    this.addSql(
      `create table "patient_exports" ("id" uuid not null, "patient_id" uuid not null, "solicitante_id" uuid not null, "alcance" varchar(20) not null, "estado" varchar(20) not null default 'pendiente', "progreso" smallint not null default 0, "mensaje_error" text null, "archivo_key" text null, "nombre_archivo" varchar(200) null, "tamano_bytes" bigint null, "archivos" int null, "solicitado_en" timestamptz not null default now(), "completado_en" timestamptz null, "caduca_en" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "patient_exports_patient_idx" on "patient_exports" ("patient_id", "solicitado_en");`);
    this.addSql(`create index "patient_exports_requester_idx" on "patient_exports" ("solicitante_id");`);
    this.addSql(
      `create unique index "patient_exports_running_unique" on "patient_exports" ("patient_id", "solicitante_id") where "estado" in ('pendiente', 'generando');`,
    );
    this.addSql(
      `alter table "patient_exports" add constraint "patient_exports_patient_id_foreign" foreign key ("patient_id") references "patients" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "patient_exports" add constraint "patient_exports_solicitante_id_foreign" foreign key ("solicitante_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "access_history" drop constraint "access_history_kind_check";`);
    this.addSql(
      `alter table "access_history" add constraint "access_history_kind_check" check ("kind" in ('ficha', 'sesion', 'borrador', 'transcripcion', 'analisis', 'archivo', 'chat_ia', 'ejercicios', 'consentimiento', 'exportacion'));`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "patient_exports" cascade;`);
    this.addSql(`alter table "access_history" drop constraint "access_history_kind_check";`);
    this.addSql(
      `alter table "access_history" add constraint "access_history_kind_check" check ("kind" in ('ficha', 'sesion', 'borrador', 'transcripcion', 'analisis', 'archivo', 'chat_ia', 'ejercicios', 'consentimiento'));`,
    );
  }
}
