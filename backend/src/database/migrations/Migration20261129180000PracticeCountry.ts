import { Migration } from '@mikro-orm/migrations';

/** The practice's country on the therapist's profile (ISO 3166; null: DEFAULT_COUNTRY): phone fields start with its dial code. */
export class Migration20261129180000PracticeCountry extends Migration {
  override up(): void {
    this.addSql(`alter table "therapist_profiles" add column "pais" varchar(2) null;`);
  }

  override down(): void {
    this.addSql(`alter table "therapist_profiles" drop column if exists "pais";`);
  }
}
