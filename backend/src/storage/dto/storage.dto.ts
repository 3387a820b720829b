import {
  MSG,
  STORAGE_LIMITS,
  type BucketContentsAnswer,
  type CompleteMultipartAnswer,
  type CompleteMultipartRequest,
  type DeleteFileAnswer,
  type DownloadUrlAnswer,
  type FileKeyRequest,
  type InitiateMultipartAnswer,
  type InitiateMultipartRequest,
  type ListPartsAnswer,
  type MultipartRef,
  type PresignedPartAnswer,
  type PresignedPartRequest,
  type PresignedUploadAnswer,
  type PresignedUploadRequest,
  type ProxyUploadAnswer,
  type StoredFileInfo,
  type UploadedPart,
} from '@consulta/shared';
import { Check, NOT_BLANK, OptionalText } from '../../common/validation/rules';

const positiveSize = (v: unknown) => (Number.isSafeInteger(v) && (v as number) > 0 ? null : MSG.storage.fileSize);
const SIZE = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
const fileName = (v: unknown) =>
  typeof v === 'string' && v.trim() !== '' && v.length <= STORAGE_LIMITS.fileNameMax ? null : MSG.storage.fileName;
const KEY_MAX = 1024;
const key = (v: unknown) => (typeof v === 'string' && v !== '' && v.length <= KEY_MAX ? null : MSG.storage.notFound);
const uploadId = (v: unknown) => (typeof v === 'string' && v !== '' && v.length <= KEY_MAX ? null : MSG.storage.uploadNotFound);
const KEY = { type: 'string', minLength: 1, maxLength: KEY_MAX, required: true } as const;
const partNumber = (v: unknown) =>
  Number.isInteger(v) && (v as number) >= 1 && (v as number) <= STORAGE_LIMITS.maxParts ? null : MSG.storage.partNumber;
const PART_NUMBER = { type: 'integer', minimum: 1, maximum: STORAGE_LIMITS.maxParts } as const;
const ETAG_MAX = 200;

function partsError(v: unknown): string | null {
  if (!Array.isArray(v) || v.length === 0 || v.length > STORAGE_LIMITS.maxParts) return MSG.storage.parts;
  const ok = v.every(
    (p: unknown) =>
      typeof p === 'object' &&
      p !== null &&
      partNumber((p as UploadedPart).PartNumber) === null &&
      typeof (p as UploadedPart).ETag === 'string' &&
      (p as UploadedPart).ETag.length <= ETAG_MAX,
  );
  return ok ? null : MSG.storage.parts;
}

/** Where and what: shared by the single PUT and the multipart start. */
class UploadTargetDto {
  @Check(fileName, { type: 'string', minLength: 1, maxLength: STORAGE_LIMITS.fileNameMax, pattern: NOT_BLANK, required: true })
  file_name: string;

  @OptionalText(150)
  content_type?: string;

  /** Another name of content_type. */
  @OptionalText(150)
  file_type?: string;

  /** Inside the caller's own space; `sesiones/{paciente_id}` for a session video. */
  @OptionalText(STORAGE_LIMITS.customPathMax)
  custom_path?: string;
}

/** POST /aws-s3/presigned-upload-url */
export class PresignedUploadDto extends UploadTargetDto implements PresignedUploadRequest {
  @Check(positiveSize, { ...SIZE, required: true })
  file_size: number;
}

/** POST /aws-s3/initiate-multipart-upload */
export class InitiateMultipartDto extends UploadTargetDto implements InitiateMultipartRequest {
  /** When given, the size rule is checked at once. */
  @Check((v) => (v === undefined || v === null ? null : positiveSize(v)), { ...SIZE, required: false, nullable: true })
  file_size?: number;
}

/** A multipart upload in progress. */
export class MultipartRefDto implements MultipartRef {
  @Check(uploadId, KEY)
  upload_id: string;

  @Check(key, KEY)
  file_key: string;
}

/** POST /aws-s3/presigned-part-url */
export class PresignedPartDto extends MultipartRefDto implements PresignedPartRequest {
  @Check(partNumber, { ...PART_NUMBER, required: true })
  part_number: number;
}

/** POST /aws-s3/complete-multipart-upload */
export class CompleteMultipartDto extends MultipartRefDto implements CompleteMultipartRequest {
  /** `[{ ETag, PartNumber }]`, one per part, numbered from 1 without gaps. */
  @Check(partsError, {
    type: 'array',
    minItems: 1,
    maxItems: STORAGE_LIMITS.maxParts,
    items: {
      type: 'object',
      required: ['PartNumber', 'ETag'],
      properties: { PartNumber: PART_NUMBER, ETag: { type: 'string', maxLength: ETAG_MAX } },
    },
    required: true,
  })
  parts: UploadedPart[];
}

/** download-url, delete-file */
export class FileKeyDto implements FileKeyRequest {
  @Check(key, KEY)
  file_key: string;
}

export class PresignedUploadAnswerDto implements PresignedUploadAnswer {
  upload_url: string;
  file_key: string;
  method: 'PUT';
  /** Headers the PUT must carry (the signature binds them). */
  headers: Record<string, string>;
}

export class InitiateMultipartAnswerDto implements InitiateMultipartAnswer {
  upload_id: string;
  file_key: string;
  /** Every part but the last has exactly this size. */
  part_size: number;
}

export class PresignedPartAnswerDto implements PresignedPartAnswer {
  presigned_url: string;
}

class StoredPartDto implements Required<UploadedPart> {
  PartNumber: number;
  ETag: string;
  Size: number;
}

export class ListPartsAnswerDto implements ListPartsAnswer {
  parts: StoredPartDto[];
}

export class CompleteMultipartAnswerDto implements CompleteMultipartAnswer {
  success: true;
  file_key: string;
  size: number;
}

export class SuccessDto {
  success: true;
}

export class ProxyUploadAnswerDto implements ProxyUploadAnswer {
  success: boolean;
  file_key: string;
  /** The file's reference (its key). */
  file_url: string;
  file_name: string;
  size: number;
  error: string | null;
}

class StoredFileInfoDto implements StoredFileInfo {
  file_key: string;
  file_name: string;
  size: number;
  content_type: string | null;
  /** ISO 8601 date-time. */
  last_modified: string;
}

export class BucketContentsAnswerDto implements BucketContentsAnswer {
  /** The listed prefix, relative to the caller's space. */
  prefix: string;
  files: StoredFileInfoDto[];
}

export class DownloadUrlAnswerDto implements DownloadUrlAnswer {
  /** Signed, valid for STORAGE_URL_TTL_SECONDS (1 h); plays in a <video> and downloads as `filename`. */
  download_url: string;
  filename: string;
}

export class DeleteFileAnswerDto implements DeleteFileAnswer {
  success: true;
  file_key: string;
}
