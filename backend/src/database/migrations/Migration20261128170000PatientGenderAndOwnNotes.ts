import { Migration } from '@mikro-orm/migrations';

/**
 * What the patient says of themself in 'Mi Perfil': their gender and their own notes. `notas_paciente` is theirs,
 * apart from the therapist's private `notas_terapeuticas` (the therapist reads it, labelled as the patient's).
 */
export class Migration20261128170000PatientGenderAndOwnNotes extends Migration {
  override up(): void {
    this.addSql(`alter table "patients" add "genero" varchar(50) null, add "notas_paciente" varchar(2000) null;`);
  }

  override down(): void {
    this.addSql(`alter table "patients" drop column "genero", drop column "notas_paciente";`);
  }
}
