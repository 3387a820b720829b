import { Migration } from '@mikro-orm/migrations';

/** The consents an invitation asks the patient for at registration (none for the invitations sent before). */
export class Migration20261128000000InvitationConsentsAsked extends Migration {
  override up(): void {
    this.addSql(`alter table "invitations" add column "consents_asked" text[] not null default '{}';`);
  }

  override down(): void {
    this.addSql(`alter table "invitations" drop column "consents_asked";`);
  }
}
