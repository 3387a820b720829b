import { Migration } from '@mikro-orm/migrations';

/**
 * Questionnaires: the scales a therapist assigns to a patient (once or every 7, 14 or 28 days) and the scored
 * answers, with the safety alert until reviewed. The access history learns the kind 'cuestionario'.
 */
export class Migration20261129120000Questionnaires extends Migration {
  override up(): void {
    this.addSql(
      `create table "questionnaire_assignments" ("id" uuid not null, "therapist_id" uuid not null, "patient_id" uuid not null, "codigo" text not null, "frecuencia_dias" smallint not null, "hasta" date null, "proxima_fecha" date null, "aviso_para" date null, "detenida_en" timestamptz null, "creada_en" timestamptz not null default now(), primary key ("id"), constraint "questionnaire_assignments_codigo_check" check ("codigo" in ('phq9', 'gad7')));`,
    );
    this.addSql(`create index "questionnaire_assignments_patient_idx" on "questionnaire_assignments" ("patient_id", "creada_en");`);
    this.addSql(
      `create index "questionnaire_assignments_due_idx" on "questionnaire_assignments" ("proxima_fecha") where "detenida_en" is null and "proxima_fecha" is not null;`,
    );
    this.addSql(
      `alter table "questionnaire_assignments" add constraint "questionnaire_assignments_therapist_id_foreign" foreign key ("therapist_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "questionnaire_assignments" add constraint "questionnaire_assignments_patient_id_foreign" foreign key ("patient_id") references "patients" ("id") on delete cascade;`,
    );
    this.addSql(
      `create table "questionnaire_results" ("id" uuid not null, "assignment_id" uuid null, "patient_id" uuid not null, "codigo" text not null, "fecha" timestamptz not null default now(), "puntuacion" smallint not null, "gravedad" text not null, "respuestas" jsonb not null, "alerta" boolean not null, "revisada_en" timestamptz null, primary key ("id"), constraint "questionnaire_results_codigo_check" check ("codigo" in ('phq9', 'gad7')), constraint "questionnaire_results_gravedad_check" check ("gravedad" in ('minima', 'leve', 'moderada', 'moderadamente_grave', 'grave')));`,
    );
    this.addSql(`create index "questionnaire_results_patient_idx" on "questionnaire_results" ("patient_id", "fecha");`);
    this.addSql(
      `create index "questionnaire_results_alert_idx" on "questionnaire_results" ("patient_id") where "alerta" and "revisada_en" is null;`,
    );
    this.addSql(
      `alter table "questionnaire_results" add constraint "questionnaire_results_assignment_id_foreign" foreign key ("assignment_id") references "questionnaire_assignments" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "questionnaire_results" add constraint "questionnaire_results_patient_id_foreign" foreign key ("patient_id") references "patients" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "access_history" drop constraint "access_history_kind_check";`);
    this.addSql(
      `alter table "access_history" add constraint "access_history_kind_check" check ("kind" in ('ficha', 'sesion', 'borrador', 'transcripcion', 'analisis', 'archivo', 'chat_ia', 'ejercicios', 'consentimiento', 'exportacion', 'busqueda', 'cita', 'cuestionario'));`,
    );
  }

  override down(): void {
    this.addSql(`delete from "access_history" where "kind" = 'cuestionario';`);
    this.addSql(`alter table "access_history" drop constraint "access_history_kind_check";`);
    this.addSql(
      `alter table "access_history" add constraint "access_history_kind_check" check ("kind" in ('ficha', 'sesion', 'borrador', 'transcripcion', 'analisis', 'archivo', 'chat_ia', 'ejercicios', 'consentimiento', 'exportacion', 'busqueda', 'cita'));`,
    );
    this.addSql(`drop table if exists "questionnaire_results" cascade;`);
    this.addSql(`drop table if exists "questionnaire_assignments" cascade;`);
  }
}
