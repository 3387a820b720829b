import { Migration } from '@mikro-orm/migrations';

/**
 * The patients' consents (issue 17). The WhatsApp box each patient already has becomes a dated record
 * (forma 'migracion', dated when the patient was created); recording and AI consents are not assumed: a practice
 * records them before attaching videos or using AI again.
 */
export class Migration20261125000000Consents extends Migration {
  override up(): void {
    this.addSql(
      `create table "consents" ("id" uuid not null, "patient_id" uuid not null, "tipo" varchar(20) not null, "forma" varchar(20) not null, "nota" text null, "otorgado_en" timestamptz not null default now(), "otorgado_por" varchar(20) not null, "otorgado_por_usuario_id" uuid null, "revocado_en" timestamptz null, "revocado_por" varchar(20) null, "revocado_por_usuario_id" uuid null, "forma_revocacion" varchar(20) null, "nota_revocacion" text null, primary key ("id"));`,
    );
    this.addSql(`create unique index "consents_in_force_unique" on "consents" ("patient_id", "tipo") where "revocado_en" is null;`);
    this.addSql(`create index "consents_patient_idx" on "consents" ("patient_id", "otorgado_en");`);
    this.addSql(
      `alter table "consents" add constraint "consents_patient_id_foreign" foreign key ("patient_id") references "patients" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "consents" add constraint "consents_otorgado_por_usuario_id_foreign" foreign key ("otorgado_por_usuario_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "consents" add constraint "consents_revocado_por_usuario_id_foreign" foreign key ("revocado_por_usuario_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(`insert into "consents" ("id", "patient_id", "tipo", "forma", "otorgado_en", "otorgado_por")
      select gen_random_uuid(), "id", 'whatsapp', 'migracion', "fecha_creacion", 'terapeuta' from "patients" where "whatsapp_mensajeria_consentimiento";`);
  }

  override down(): void {
    this.addSql(`drop table if exists "consents" cascade;`);
  }
}
