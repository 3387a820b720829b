import { Migration } from '@mikro-orm/migrations';

/**
 * A stored file's seal: its ETag and size when a record first took it, checked at every later use (a file a record
 * refers to never changes). Files attached before have none: they are sealed when a record takes them again.
 */
export class Migration20261127000000StoredFileSeals extends Migration {
  override up(): void {
    this.addSql(`alter table "stored_files" add column "sealed_etag" text null, add column "sealed_size" bigint null;`);
  }

  override down(): void {
    this.addSql(`alter table "stored_files" drop column "sealed_etag", drop column "sealed_size";`);
  }
}
