import { Migration } from '@mikro-orm/migrations';

const ACCENTED = 'ÁÀÄÂÃÉÈËÊÍÌÏÎÓÒÖÔÕÚÙÜÛÑÇáàäâãéèëêíìïîóòöôõúùüûñç';
const PLAIN = 'aaaaaeeeeiiiiooooouuuunc' + 'aaaaaeeeeiiiiooooouuuunc';

/**
 * Stored, accent- and case-folded copies of the names: the patient list sorts and searches on them without
 * computing anything per row, identically on PostgreSQL and PGlite whatever the collation.
 */
export class Migration20261122010000PatientNameKeys extends Migration {
  override up(): void {
    this.addSql(`alter table "patients"
      add column "nombre_key" text generated always as (translate(lower("nombre"), '${ACCENTED}', '${PLAIN}')) stored,
      add column "apellido_key" text generated always as (translate(lower("apellido"), '${ACCENTED}', '${PLAIN}')) stored;`);
    this.addSql(`drop index "patients_therapist_names_idx";`);
    this.addSql(`create index "patients_therapist_names_idx" on "patients" ("therapist_id", "nombre_key", "apellido_key");`);
  }

  override down(): void {
    this.addSql(`drop index "patients_therapist_names_idx";`);
    this.addSql(`alter table "patients" drop column "nombre_key", drop column "apellido_key";`);
    this.addSql(`create index "patients_therapist_names_idx" on "patients" ("therapist_id", "apellido", "nombre");`);
  }
}
