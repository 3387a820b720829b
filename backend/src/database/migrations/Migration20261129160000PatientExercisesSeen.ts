import { Migration } from '@mikro-orm/migrations';

/**
 * When the patient last looked at 'Ejercicios Sugeridos': what was assigned after it is marked 'Nuevo' on their next
 * look, on whichever device (null: never looked).
 */
export class Migration20261129160000PatientExercisesSeen extends Migration {
  override up(): void {
    this.addSql(`alter table "patients" add "ejercicios_vistos_en" timestamptz null;`);
  }

  override down(): void {
    this.addSql(`alter table "patients" drop column "ejercicios_vistos_en";`);
  }
}
