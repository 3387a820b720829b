import { Migration } from '@mikro-orm/migrations';

/** The exercise bank, modules, assignments and completions. */
export class Migration20261123070000Exercises extends Migration {
  override up(): void {
    this.addSql(
      `create table "exercises" ("id" uuid not null, "therapist_id" uuid not null, "titulo" varchar(200) not null, "descripcion" text null, "categoria" varchar(100) null, "archivos" text[] not null default '{}', "fecha_creacion" timestamptz not null default now(), "fecha_actualizacion" timestamptz not null default now(), "eliminado_en" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "exercises_therapist_idx" on "exercises" ("therapist_id");`);
    this.addSql(`create index "exercises_archivos_idx" on "exercises" using gin ("archivos");`);
    this.addSql(
      `alter table "exercises" add constraint "exercises_therapist_id_foreign" foreign key ("therapist_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `create table "modules" ("id" uuid not null, "therapist_id" uuid not null, "titulo" varchar(200) not null, "descripcion" text null, "fecha_creacion" timestamptz not null default now(), "fecha_actualizacion" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`create index "modules_therapist_idx" on "modules" ("therapist_id");`);
    this.addSql(
      `alter table "modules" add constraint "modules_therapist_id_foreign" foreign key ("therapist_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `create table "module_exercises" ("module_id" uuid not null, "exercise_id" uuid not null, "orden" int not null, primary key ("module_id", "exercise_id"));`,
    );
    this.addSql(`create index "module_exercises_exercise_idx" on "module_exercises" ("exercise_id");`);
    this.addSql(
      `alter table "module_exercises" add constraint "module_exercises_module_id_foreign" foreign key ("module_id") references "modules" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "module_exercises" add constraint "module_exercises_exercise_id_foreign" foreign key ("exercise_id") references "exercises" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `create table "patient_exercises" ("patient_id" uuid not null, "exercise_id" uuid not null, "asignado_en" timestamptz not null default now(), primary key ("patient_id", "exercise_id"));`,
    );
    this.addSql(`create index "patient_exercises_exercise_idx" on "patient_exercises" ("exercise_id");`);
    this.addSql(
      `alter table "patient_exercises" add constraint "patient_exercises_patient_id_foreign" foreign key ("patient_id") references "patients" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "patient_exercises" add constraint "patient_exercises_exercise_id_foreign" foreign key ("exercise_id") references "exercises" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `create table "patient_modules" ("patient_id" uuid not null, "module_id" uuid not null, "asignado_en" timestamptz not null default now(), primary key ("patient_id", "module_id"));`,
    );
    this.addSql(`create index "patient_modules_module_idx" on "patient_modules" ("module_id");`);
    this.addSql(
      `alter table "patient_modules" add constraint "patient_modules_patient_id_foreign" foreign key ("patient_id") references "patients" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "patient_modules" add constraint "patient_modules_module_id_foreign" foreign key ("module_id") references "modules" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `create table "exercise_completions" ("patient_id" uuid not null, "exercise_id" uuid not null, "completado_en" timestamptz not null default now(), "notas_paciente" text null, primary key ("patient_id", "exercise_id"));`,
    );
    this.addSql(`create index "exercise_completions_exercise_idx" on "exercise_completions" ("exercise_id");`);
    this.addSql(
      `alter table "exercise_completions" add constraint "exercise_completions_patient_id_foreign" foreign key ("patient_id") references "patients" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "exercise_completions" add constraint "exercise_completions_exercise_id_foreign" foreign key ("exercise_id") references "exercises" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void {
    for (const table of ['exercise_completions', 'patient_modules', 'patient_exercises', 'module_exercises', 'modules', 'exercises']) {
      this.addSql(`drop table if exists "${table}" cascade;`);
    }
  }
}
