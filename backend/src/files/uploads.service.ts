import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import {
  FILE_RULES,
  MSG,
  STORAGE_LIMITS,
  UPLOAD_PATHS,
  checkUpload,
  fileNameOfKey,
  uploadKind,
  type BucketContentsAnswer,
  type CompleteMultipartAnswer,
  type DeleteFileAnswer,
  type DownloadUrlAnswer,
  type InitiateMultipartAnswer,
  type ListPartsAnswer,
  type PresignedPartAnswer,
  type PresignedUploadAnswer,
  type ProxyUploadAnswer,
  type UploadKind,
} from '@consulta/shared';
import type { Readable } from 'node:stream';
import type { User } from '../auth/entities/user.entity';
import { reachedPatient } from '../access/access-context';
import { problem } from '../common/errors/error.dto';
import { PatientAccess } from '../access/patient-access.service';
import { STORAGE_DRIVER, StorageRefusal, type StorageDriver } from '../storage/drivers/storage-driver';
import type {
  CompleteMultipartDto,
  InitiateMultipartDto,
  MultipartRefDto,
  PresignedPartDto,
  PresignedUploadDto,
} from '../storage/dto/storage.dto';
import { StoredFile } from '../storage/entities/stored-file.entity';
import { customSegments, keyOwner, newKey, ownerPrefix } from '../storage/file-keys';
import { completedSize, partLength, partsFor } from '../storage/multipart-parts';
import { noSpace } from '../storage/no-space';
import { StoredFiles, fileNotFound } from '../storage/stored-files.service';

interface Target {
  key: string;
  kind: UploadKind;
  contentType: string;
  /** The therapist whose space holds the file (the caller, or a patient's therapist). */
  space: string;
}

const uploadNotFound = () => new NotFoundException(problem(MSG.storage.uploadNotFound, 'NOT_FOUND'));

/** The spec's rule message for a file: 413 about size, 400 about type. */
function refuse(check: { error: string | null; tooLarge: boolean }): never {
  if (check.tooLarge) throw new PayloadTooLargeException(problem(check.error!, 'TOO_LARGE'));
  throw new BadRequestException(problem(check.error!, 'VALIDATION'));
}

/**
 * The storage calls (`/aws-s3/*`). Therapists upload into their own space only; every key that
 * is not the caller's is 404. Patients read the files of their own records and nothing else, and upload only their
 * profile photo, into their therapist's space (a practice's files live in one place and go with the patient).
 */
@Injectable()
export class UploadsService {
  constructor(
    private readonly em: EntityManager,
    @Inject(STORAGE_DRIVER) private readonly driver: StorageDriver,
    private readonly files: StoredFiles,
    private readonly access: PatientAccess,
  ) {}

  async presign(user: User, dto: PresignedUploadDto): Promise<PresignedUploadAnswer> {
    const target = await this.target(user, dto.custom_path, dto.file_name, dto.content_type ?? dto.file_type, dto.file_size);
    await this.files.record({ ...this.row(target, dto.file_name), declaredSize: dto.file_size });
    const signed = await this.driver.signPut(target.key, target.contentType, dto.file_size);
    return { upload_url: signed.url, file_key: target.key, method: 'PUT', headers: signed.headers };
  }

  /**
   * Starts a multipart upload, its declared size recorded (its parts stop there); at most
   * STORAGE_LIMITS.maxOpenUploads open per therapist (409 TOO_MANY_UPLOADS; the sweep aborts those left for 24 h).
   */
  async initiate(user: User, dto: InitiateMultipartDto): Promise<InitiateMultipartAnswer> {
    const target = await this.target(user, dto.custom_path, dto.file_name, dto.content_type ?? dto.file_type, dto.file_size ?? null);
    const open = await this.em.fork().count(StoredFile, { therapist: target.space, uploadId: { $ne: null } });
    if (open >= STORAGE_LIMITS.maxOpenUploads) throw new ConflictException(problem(MSG.storage.tooManyUploads, 'TOO_MANY_UPLOADS'));
    const uploadId = await this.storeCall(() => this.driver.startMultipart(target.key, target.contentType));
    await this.files.record({ ...this.row(target, dto.file_name), uploadId, declaredSize: dto.file_size ?? null });
    return { upload_id: uploadId, file_key: target.key, part_size: STORAGE_LIMITS.partSizeBytes };
  }

  /** Signs only the parts the declared size needs (without one, the kind's limit): 10 GB is 2,048 parts, not 10,000. */
  async signPart(user: User, dto: PresignedPartDto): Promise<PresignedPartAnswer> {
    const file = await this.files.uploadFacts(user, dto.file_key);
    if (file.uploadId !== dto.upload_id) throw uploadNotFound();
    if (dto.part_number > partsFor(file.declaredSize ?? FILE_RULES[file.kind].maxBytes, STORAGE_LIMITS.partSizeBytes)) {
      throw new BadRequestException(problem(MSG.storage.partBeyondSize, 'VALIDATION'));
    }
    // With a declared size, each part's URL takes exactly its share of it (a part cannot be gigabytes on S3 either).
    const length = file.declaredSize === null ? null : partLength(dto.part_number, file.declaredSize, STORAGE_LIMITS.partSizeBytes);
    return { presigned_url: await this.driver.signPart(dto.file_key, dto.upload_id, dto.part_number, length) };
  }

  async listParts(user: User, dto: MultipartRefDto): Promise<ListPartsAnswer> {
    await this.pending(user, dto);
    return { parts: await this.storeCall(() => this.driver.listParts(dto.file_key, dto.upload_id)) };
  }

  /** Joins the parts; an upload past its kind's limit, or past its declared size, is deleted, parts and all (413). */
  async complete(user: User, dto: CompleteMultipartDto): Promise<CompleteMultipartAnswer> {
    const file = await this.pending(user, dto);
    const rule = FILE_RULES[file.kind];
    const stored = await this.storeCall(() => this.driver.listParts(dto.file_key, dto.upload_id));
    if (stored.reduce((sum, p) => sum + p.Size, 0) > rule.maxBytes) {
      await this.discard(file);
      throw new PayloadTooLargeException(problem(rule.sizeMessage, 'TOO_LARGE'));
    }
    const total = completedSize(dto.parts, stored, STORAGE_LIMITS.partSizeBytes);
    if (total === null) throw new BadRequestException(problem(MSG.storage.parts, 'VALIDATION'));
    if (file.declaredSize !== null && total > file.declaredSize) {
      await this.discard(file);
      throw new PayloadTooLargeException(problem(MSG.storage.sizeMismatch, 'TOO_LARGE'));
    }
    const size = await this.storeCall(() => this.driver.completeMultipart(dto.file_key, dto.upload_id, dto.parts));
    if (size > rule.maxBytes) {
      await this.driver.delete(file.key);
      await this.em.fork().nativeDelete(StoredFile, { key: file.key });
      throw new PayloadTooLargeException(problem(rule.sizeMessage, 'TOO_LARGE'));
    }
    await this.em.fork().nativeUpdate(StoredFile, { key: file.key }, { uploadId: null, declaredSize: size });
    return { success: true, file_key: file.key, size };
  }

  async abort(user: User, dto: MultipartRefDto): Promise<{ success: true }> {
    await this.discard(await this.pending(user, dto));
    return { success: true };
  }

  /** One file streamed from a form straight into the store (constant memory); `custom_path` must come first. */
  async proxy(
    user: User,
    form: { customPath: string; fileName: string; contentType: string; stream: Readable },
  ): Promise<ProxyUploadAnswer> {
    const target = await this.target(user, form.customPath, form.fileName, form.contentType, null);
    const max = FILE_RULES[target.kind].maxBytes;
    let size: number;
    try {
      size = await this.driver.putStream(target.key, form.stream, target.contentType, max);
    } catch (error) {
      if (error instanceof StorageRefusal && error.reason === 'too-large') {
        throw new PayloadTooLargeException(problem(FILE_RULES[target.kind].sizeMessage, 'TOO_LARGE'));
      }
      if (error instanceof StorageRefusal && error.reason === 'no-space') throw noSpace();
      throw error;
    }
    await this.files.record({ ...this.row(target, form.fileName), declaredSize: size });
    return { success: true, file_key: target.key, file_url: target.key, file_name: fileNameOfKey(target.key), size, error: null };
  }

  /** The caller's own files under `prefix` (relative to their space). */
  async contents(user: User, prefix: string | undefined): Promise<BucketContentsAnswer> {
    const segments = customSegments(prefix, user.id);
    if (!segments) throw new BadRequestException(problem(MSG.storage.customPath, 'VALIDATION'));
    const relative = segments.join('/') + (segments.length > 0 && (prefix ?? '').endsWith('/') ? '/' : '');
    const stored = await this.driver.list(ownerPrefix(user.id) + relative);
    const rows = stored.length > 0 ? await this.em.fork().find(StoredFile, { key: { $in: stored.map((o) => o.key) } }) : [];
    const byKey = new Map(rows.map((r) => [r.key, r]));
    // Exports' archives are not the caller's uploads (a patient's own is theirs alone): not listed.
    const objects = stored.filter((o) => byKey.get(o.key)?.kind !== 'export');
    return {
      prefix: relative,
      files: objects.map((o) => ({
        file_key: o.key,
        file_name: byKey.get(o.key)?.fileName ?? fileNameOfKey(o.key),
        size: o.size,
        content_type: byKey.get(o.key)?.contentType ?? null,
        last_modified: o.lastModified.toISOString(),
      })),
    };
  }

  /** A signed download: a therapist's own key, or a patient's own record's file; never an export's archive (its routes only). */
  async downloadUrl(user: User, key: string): Promise<DownloadUrlAnswer> {
    if (await this.files.isExport(key)) throw fileNotFound();
    if (user.role === 'terapeuta') {
      if (keyOwner(key) !== user.id) throw fileNotFound();
      for (const patient of await this.files.patientsOfKey(key)) reachedPatient(patient);
    } else {
      const patient = await this.access.self(user);
      if (!(await this.files.readableByPatient(patient.id, key))) throw fileNotFound();
    }
    return this.files.download(key);
  }

  /** Deletes one of the caller's files; refused while a record refers to it (409 FILE_IN_USE). */
  async remove(user: User, key: string): Promise<DeleteFileAnswer> {
    if (keyOwner(key) !== user.id) throw fileNotFound();
    const [file, stored] = await Promise.all([this.em.fork().findOne(StoredFile, { key, therapist: user.id }), this.driver.head(key)]);
    if ((!file && !stored) || file?.kind === 'export') throw fileNotFound();
    if (await this.files.inUse(key)) throw new ConflictException(problem(MSG.storage.inUse, 'FILE_IN_USE'));
    if (file?.uploadId) await this.driver.abortMultipart(key, file.uploadId);
    await this.driver.delete(key);
    await this.em.fork().nativeDelete(StoredFile, { key });
    return { success: true, file_key: key };
  }

  /**
   * Where an upload goes and whether its kind accepts it (the spec's messages). A video's or a photo's patient must
   * be the caller's: a therapist's own patient, or the patient themself (who uploads nothing else).
   */
  private async target(
    user: User,
    customPath: string | undefined,
    fileName: string,
    contentType: string | undefined,
    size: number | null,
  ): Promise<Target> {
    const space = user.role === 'terapeuta' ? user.id : (await this.access.self(user)).therapist.id;
    const segments = customSegments(customPath, space);
    if (!segments) throw new BadRequestException(problem(MSG.storage.customPath, 'VALIDATION'));
    const kind = uploadKind(segments.join('/'));
    if (kind === 'photo' && segments.join('/') !== UPLOAD_PATHS.profilePhoto(segments[1] ?? '')) {
      throw new BadRequestException(problem(MSG.storage.customPath, 'VALIDATION'));
    }
    if (user.role !== 'terapeuta' && kind !== 'photo') throw new BadRequestException(problem(MSG.storage.patientPhotoOnly, 'VALIDATION'));
    if (kind !== 'exercise') await this.access.patient(user, segments[1]);
    const check = checkUpload(kind, fileName, contentType, size);
    if (check.error) refuse(check);
    return { key: newKey(space, segments, fileName), kind, contentType: check.contentType!, space };
  }

  private row(target: Target, fileName: string) {
    return { key: target.key, therapistId: target.space, kind: target.kind, fileName, contentType: target.contentType };
  }

  /** The caller's multipart upload in progress: 404 for anyone else's key (an export's archive too) or another upload id. */
  private async pending(user: User, ref: MultipartRefDto): Promise<StoredFile & { kind: UploadKind }> {
    const file = await this.files.own(user, ref.file_key);
    if (file.uploadId !== ref.upload_id) throw uploadNotFound();
    return file as StoredFile & { kind: UploadKind };
  }

  private async discard(file: StoredFile): Promise<void> {
    await this.driver.abortMultipart(file.key, file.uploadId!);
    await this.em.fork().nativeDelete(StoredFile, { key: file.key });
  }

  /** A store call whose refusals become the API's answers. */
  private async storeCall<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof StorageRefusal)) throw error;
      if (error.reason === 'upload-not-found') throw uploadNotFound();
      if (error.reason === 'invalid-parts') throw new BadRequestException(problem(MSG.storage.parts, 'VALIDATION'));
      if (error.reason === 'no-space') throw noSpace();
      throw new PayloadTooLargeException(problem(MSG.storage.partTooLarge, 'TOO_LARGE'));
    }
  }
}
