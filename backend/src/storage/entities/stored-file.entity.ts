import type { UploadKind } from '@consulta/shared';
import { BigIntType, OptionalProps } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../../auth/entities/user.entity';

/** An upload's kind, or 'export': an archive of a patient's data made by the app (issue 17). */
export type StoredFileKind = UploadKind | 'export';

/**
 * Every upload the app has handed out a key for: whose it is, what it is for and how it is going. Sessions,
 * drafts and exercises refer to files by key; a row that nothing refers to any more is deleted with its object
 * (by the `file-release` job, or by the sweep once it is 24 h old).
 */
@Entity({ tableName: 'stored_files' })
@Index({ name: 'stored_files_created_idx', properties: ['createdAt'] })
export class StoredFile {
  [OptionalProps]?: 'uploadId' | 'declaredSize' | 'sealedEtag' | 'sealedSize' | 'createdAt';

  @PrimaryKey({ type: 'text' })
  key: string;

  @ManyToOne({ entity: () => User, deleteRule: 'cascade', index: 'stored_files_therapist_idx' })
  therapist: User;

  /** 'video' (a session video), 'exercise' (an exercise file), 'photo': its type and size rules; or 'export'. */
  @Property({ type: 'string', length: 20 })
  kind: StoredFileKind;

  /** The name the file was uploaded with (its download name). */
  @Property({ type: 'string', length: 200 })
  fileName: string;

  @Property({ type: 'string', length: 150 })
  contentType: string;

  /**
   * The size announced before the upload (a presigned PUT is bound to it, a multipart upload's parts stop at it);
   * once a multipart or proxy upload is whole, its size. Null when none was announced.
   */
  @Property({ type: new BigIntType('number'), nullable: true })
  declaredSize: number | null = null;

  /**
   * The seal: the stored object's ETag and size when a record first took the key. Every later use (a signed
   * download, a job's input, an export's copy, another record taking it) checks the object still matches, so a file
   * a record refers to never changes under it. Null until a record takes the key.
   */
  @Property({ type: 'text', nullable: true })
  sealedEtag: string | null = null;

  @Property({ type: new BigIntType('number'), nullable: true })
  sealedSize: number | null = null;

  /** The multipart upload in progress; null once the object is whole. */
  @Property({ type: 'text', nullable: true })
  uploadId: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
