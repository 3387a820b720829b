import type { Readable } from 'node:stream';
import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  PayloadTooLargeException,
  type OnModuleInit,
} from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { FILE_RULES, MSG, fileNameOfKey, isPictureUrl, type DownloadUrlAnswer, type UploadKind } from '@consulta/shared';
import type { Caller } from '../common/auth/caller';
import { problem } from '../common/errors/error.dto';
import { DependencyUnavailable } from '../common/errors/unavailable';
import { execute } from '../common/sql/execute';
import { JobsService } from '../jobs/jobs.service';
import { PermanentJobError } from '../jobs/permanent-job-error';
import { STORAGE_DRIVER, StorageRefusal, type StorageDriver, type StoredObject } from './drivers/storage-driver';
import { StoredFile, type StoredFileKind } from './entities/stored-file.entity';
import { FileUses } from './file-uses';
import { keyOwner, ownerPrefix } from './file-keys';
import { CONTAINER_HEAD_BYTES, videoContainer, type VideoContainer } from './media-container';
import { StorageCleanup } from './storage-cleanup';

export const fileNotFound = () => new NotFoundException(problem(MSG.storage.notFound, 'NOT_FOUND'));
const fileChanged = () => new ConflictException(problem(MSG.storage.fileChanged, 'FILE_CHANGED'));

/** A job's stored input is no longer the file its record took (see StoredFile.sealedEtag): retrying cannot help. */
export class FileChanged extends PermanentJobError {
  constructor(key: string) {
    super(`The stored file ${key} changed after a record took it`);
    this.name = 'FileChanged';
  }
}

/** Whether the stored object is still the one sealed (a file no record has taken yet has no seal to compare). */
const matchesSeal = (file: StoredFile | null, stored: StoredObject): boolean =>
  !file?.sealedEtag || (file.sealedEtag === stored.etag && file.sealedSize === stored.size);

/** A key of another kind than the record takes. */
const NOT_OF_KIND: Record<UploadKind, string> = {
  video: MSG.storage.notVideo,
  exercise: MSG.exercises.notExerciseFile,
  photo: MSG.storage.notPhoto,
};

/** An upload's facts, as its part URLs need them. */
export interface UploadFacts {
  kind: UploadKind;
  declaredSize: number | null;
  uploadId: string | null;
}

export interface NewStoredFile {
  key: string;
  therapistId: string;
  kind: StoredFileKind;
  fileName: string;
  contentType: string;
  declaredSize?: number | null;
  uploadId?: string | null;
}

/** A file an export copies: where it belongs (sesion, borrador, perfil, ejercicio), its record and that record's label. */
export interface ExportFile {
  key: string;
  origen: 'sesion' | 'borrador' | 'perfil' | 'ejercicio';
  referencia: string;
  etiqueta: string;
  nombre: string;
  tipo: string;
}

/**
 * The seam between stored files and the records that refer to them (sessions, drafts, exercises): recording
 * an upload, checking a key before a record takes it, signed downloads, and releasing keys a record let go of.
 */
@Injectable()
export class StoredFiles implements OnModuleInit {
  private readonly logger = new Logger('Storage');

  constructor(
    private readonly em: EntityManager,
    @Inject(STORAGE_DRIVER) private readonly driver: StorageDriver,
    private readonly jobs: JobsService,
    private readonly uses: FileUses,
  ) {}

  onModuleInit(): void {
    const cleanup = () => new StorageCleanup(this.em.fork(), this.driver, this.uses);
    this.jobs.register('file-release', async ({ keys }) => void (await cleanup().deleteUnreferenced(keys)));
    this.jobs.register('storage-sweep', async () => void (await cleanup().sweep()));
  }

  async record(file: NewStoredFile): Promise<void> {
    const em = this.em.fork();
    em.create(StoredFile, {
      key: file.key,
      therapist: file.therapistId,
      kind: file.kind,
      fileName: file.fileName.slice(0, 200),
      contentType: file.contentType,
      declaredSize: file.declaredSize ?? null,
      uploadId: file.uploadId ?? null,
    });
    await em.flush();
  }

  /** The caller's own upload (404 for anyone else's key or an unknown one). */
  own(user: Caller, key: string): Promise<StoredFile> {
    return this.inSpace(user.id, key);
  }

  /**
   * What the part URLs of the caller's upload need: its kind, declared size and multipart upload id (404 for anyone
   * else's key, an export's archive or an unknown one). One plain query, no entity: it is asked once per part.
   */
  async uploadFacts(user: Caller, key: string): Promise<UploadFacts> {
    if (keyOwner(key) !== user.id) throw fileNotFound();
    const [row] = await execute<{ kind: UploadKind; declared_size: string | null; upload_id: string | null }>(
      this.em,
      `select kind, declared_size, upload_id from stored_files where key = ? and therapist_id = ? and kind <> 'export'`,
      [key, user.id],
    );
    if (!row) throw fileNotFound();
    return { kind: row.kind, declaredSize: row.declared_size === null ? null : Number(row.declared_size), uploadId: row.upload_id };
  }

  /**
   * An upload in the space of therapist `therapistId` (their practice's files: theirs and their patients' photos). An
   * export's archive is no upload: only the export routes reach it, for who asked for it, so here it is not there.
   */
  private async inSpace(therapistId: string, key: string): Promise<StoredFile> {
    if (keyOwner(key) !== therapistId) throw fileNotFound();
    const file = await this.em.fork().findOne(StoredFile, { key, therapist: therapistId, kind: { $ne: 'export' } });
    if (!file) throw fileNotFound();
    return file;
  }

  /**
   * Checks a key a record is about to take (a draft's or a session's video, an exercise's file): the caller's, uploaded `under` the
   * record's place (a session video under its own patient: UPLOAD_PATHS.sessionVideo), a finished upload of the
   * right kind, whose stored object exists within its limit (and, for a presigned PUT, has the declared size); a
   * video's first bytes must be those of an accepted container. The first record to take it seals it; a later one
   * needs it unchanged since (409 FILE_CHANGED).
   */
  attachable(user: Caller, key: string, kind: UploadKind, under?: string): Promise<string> {
    return this.attachableIn(user.id, key, kind, under);
  }

  /** attachable() for a key in the space of therapist `therapistId` (a patient's photo is in their therapist's space). */
  async attachableIn(therapistId: string, key: string, kind: UploadKind, under?: string): Promise<string> {
    const file = await this.inSpace(therapistId, key);
    if (file.kind !== kind) throw new BadRequestException(problem(NOT_OF_KIND[kind], 'VALIDATION'));
    if (under !== undefined && !key.startsWith(`${ownerPrefix(therapistId)}${under}/`)) throw fileNotFound();
    if (file.uploadId) throw new ConflictException(problem(MSG.storage.uploadUnfinished, 'CONFLICT'));
    const stored = await this.driver.head(key);
    if (!stored) throw new ConflictException(problem(MSG.storage.uploadUnfinished, 'CONFLICT'));
    const rule = FILE_RULES[kind];
    if (stored.size > rule.maxBytes || (file.declaredSize !== null && stored.size !== file.declaredSize)) {
      await new StorageCleanup(this.em.fork(), this.driver, this.uses).deleteUnreferenced([key]);
      const message = stored.size > rule.maxBytes ? rule.sizeMessage : MSG.storage.sizeMismatch;
      throw new PayloadTooLargeException(problem(message, 'TOO_LARGE'));
    }
    if (!matchesSeal(file, stored)) throw fileChanged();
    if (kind === 'video') await this.assertVideoContent(key);
    if (file.sealedEtag === null) await this.seal(file, stored);
    return key;
  }

  /** Seals a file as the first record takes it: the object as checked now. */
  private async seal(file: StoredFile, stored: StoredObject): Promise<void> {
    await this.em
      .fork()
      .nativeUpdate(StoredFile, { key: file.key, sealedEtag: null }, { sealedEtag: stored.etag, sealedSize: stored.size });
  }

  /**
   * A session video is one of the accepted containers by its first bytes, not only by its name and declared type
   * (a text playlist named `sesion.mp4` would have ffmpeg fetch what it names). The file is kept: the record
   * simply does not take it, and an unused upload is swept like any other.
   */
  private async assertVideoContent(key: string): Promise<void> {
    if (!(await this.videoContainerOf(key))) throw new BadRequestException(problem(MSG.storage.notVideoContent, 'VALIDATION'));
  }

  /** The accepted video container the stored object's first bytes are, or null (whatever its name and type say). */
  async videoContainerOf(key: string): Promise<VideoContainer | null> {
    return videoContainer(await this.driver.readStart(key, CONTAINER_HEAD_BYTES));
  }

  /** Whether `key` is an export's archive (reachable through the export routes only). */
  async isExport(key: string): Promise<boolean> {
    return (await this.em.fork().count(StoredFile, { key, kind: 'export' })) > 0;
  }

  /** A signed download of a file the caller may read (checked before), named as it was uploaded; never of a changed file. */
  async download(key: string, filename?: string): Promise<DownloadUrlAnswer> {
    const { file, stored, changed } = await this.current(key);
    if (!stored) throw fileNotFound();
    if (changed) throw fileChanged();
    const name = filename ?? file?.fileName ?? fileNameOfKey(key);
    return { download_url: await this.driver.signGet(key, name, file?.contentType ?? null), filename: name };
  }

  /**
   * What an <img> shows of a profile photo (`users.foto_perfil`): a signed URL of a stored file (it expires, so it
   * is signed anew on every read), an https: URL as it is, and nothing for any other value.
   */
  async pictureUrl(reference: string | null): Promise<string | null> {
    if (!reference) return null;
    // An address stored before pictures were checked is not handed to a browser.
    if (keyOwner(reference) === null) return isPictureUrl(reference) ? reference : null;
    const file = await this.em.fork().findOne(StoredFile, { key: reference });
    return file ? this.driver.signGet(reference, file.fileName, file.contentType) : null;
  }

  /** Whether a session, a draft, an exercise or a profile refers to the key. */
  async inUse(key: string): Promise<boolean> {
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<{ used: boolean }[]>(`select ${this.uses.referencedSql('x.key')} as used from (select ?::text as key) x`, [key]);
    return rows[0]?.used === true;
  }

  async readableByPatient(patientId: string, key: string): Promise<boolean> {
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<{ ok: boolean }[]>(
        `select ${this.uses.readableByPatientSql('x.patient', 'x.key')} as ok from (select ?::uuid as patient, ?::text as key) x`,
        [patientId, key],
      );
    return rows[0]?.ok === true;
  }

  /** The patients whose sessions, drafts or profile the file `key` belongs to. */
  async patientsOfKey(key: string): Promise<string[]> {
    const rows = await this.em.fork().getConnection().execute<{ id: string }[]>(this.uses.patientsOfKeySql, [key]);
    return rows.map((r: { id: string }) => r.id);
  }

  /** The files of a patient's sessions, drafts, profile photo and exports (read before the patient is deleted, released after). */
  async keysOfPatient(patientId: string): Promise<string[]> {
    const rows = await this.em.fork().getConnection().execute<{ key: string }[]>(this.uses.keysOfPatientSql, [patientId]);
    return rows.map((r: { key: string }) => r.key);
  }

  /** The stored files an export of patient `patientId` copies (with drafts: the therapist's export), oldest first. */
  exportFiles(patientId: string, withDrafts: boolean): Promise<ExportFile[]> {
    return this.em.fork().getConnection().execute<ExportFile[]>(this.uses.exportFilesSql(withDrafts), [patientId]);
  }

  /** The stored object for a job's use (null when the store has none); FileChanged when it no longer matches its seal. */
  async intact(key: string): Promise<StoredObject | null> {
    const { stored, changed } = await this.current(key);
    if (changed) throw new FileChanged(key);
    return stored;
  }

  /** The file's row and its stored object (null when the store has none), and whether the object left its seal. */
  private async current(key: string): Promise<{ file: StoredFile | null; stored: StoredObject | null; changed: boolean }> {
    const [file, stored] = await Promise.all([this.em.fork().findOne(StoredFile, { key }), this.driver.head(key)]);
    return { file, stored, changed: stored !== null && !matchesSeal(file, stored) };
  }

  /** The object's bytes, as a stream; with `etag` (from intact()), only while they are still those (else FileChanged). */
  async read(key: string, etag?: string): Promise<Readable> {
    try {
      return await this.driver.read(key, etag);
    } catch (error) {
      if (error instanceof StorageRefusal && error.reason === 'changed') throw new FileChanged(key);
      throw error;
    }
  }

  /** Stores a stream the app made (an export's archive) as a file of therapist `therapistId`'s space; answers its bytes. */
  async store(file: Omit<NewStoredFile, 'uploadId' | 'declaredSize'>, body: Readable): Promise<number> {
    await this.record(file);
    return this.driver.putStream(file.key, body, file.contentType, Number.MAX_SAFE_INTEGER);
  }

  /**
   * Keys a record let go of: deleted in the background once nothing refers to them. The record's change is done:
   * when the job cannot be queued (Redis down) it stands, and the storage sweep deletes the files later.
   */
  async release(keys: (string | null | undefined)[]): Promise<void> {
    const owned = [...new Set(keys.filter((k): k is string => typeof k === 'string' && keyOwner(k) !== null))];
    if (owned.length === 0) return;
    try {
      await this.jobs.enqueue('file-release', { keys: owned });
    } catch (error) {
      if (!(error instanceof DependencyUnavailable)) throw error;
      this.logger.warn(`${owned.length} released file(s) left to the storage sweep: the release job could not be queued (Redis)`);
    }
  }
}
