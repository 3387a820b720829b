import { Migration } from '@mikro-orm/migrations';

/** A saved session keeps its transcript's turns with their times (the draft had them; the text alone lost them). */
export class Migration20261128200000SessionTranscriptTurns extends Migration {
  override up(): void {
    this.addSql(`alter table "sessions" add "transcripcion_segmentos" jsonb null;`);
  }

  override down(): void {
    this.addSql(`alter table "sessions" drop column "transcripcion_segmentos";`);
  }
}
