import { Migration } from '@mikro-orm/migrations';

/**
 * The patient's own profile ('Mi Perfil'): an address they keep themselves, and an index that finds the user
 * whose profile photo is a stored file (a file in use is never deleted by the cleanup).
 */
export class Migration20261124000000PatientAreaProfile extends Migration {
  override up(): void {
    this.addSql(`alter table "patients" add "direccion" varchar(300) null;`);
    this.addSql(`create index "users_foto_perfil_idx" on "users" ("foto_perfil") where "foto_perfil" is not null;`);
  }

  override down(): void {
    this.addSql(`drop index if exists "users_foto_perfil_idx";`);
    this.addSql(`alter table "patients" drop column "direccion";`);
  }
}
