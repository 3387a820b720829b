import { MSG } from './messages';

/** File storage: limits, file rules and the API shapes both sides share. */

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

export const STORAGE_LIMITS = {
  /** A session video: 10 GB. */
  videoMaxBytes: 10 * GiB,
  /** An exercise file: 500 MB. */
  exerciseFileMaxBytes: 500 * MiB,
  /** A profile photo: 5 MB (not in the spec; a phone's photo fits, a shell avatar needs far less). */
  photoMaxBytes: 5 * MiB,
  /** At or above this size a browser upload goes in parts. */
  multipartThresholdBytes: 100 * MiB,
  /** Every part but the last has exactly this size (S3's minimum part). */
  partSizeBytes: 5 * MiB,
  /** Enough parts for the largest video (10 GB / 5 MB = 2048); S3's own maximum. */
  maxParts: 10_000,
  /** Multipart uploads a therapist may have open at once (finished, cancelled or swept after 24 h, they free a place). */
  maxOpenUploads: 20,
  /** Uploads that nothing refers to are removed after this long. */
  orphanAfterHours: 24,
  fileNameMax: 200,
  customPathMax: 300,
} as const;

/** What an upload is for decides its rules: a session video, an exercise file or a patient's profile photo. */
export type UploadKind = 'video' | 'exercise' | 'photo';

/**
 * Where uploads go inside a practice's space (`custom_path`): a session video under its patient
 * (`sesiones/{paciente_id}`), a profile photo under its patient too (`pacientes/{paciente_id}/perfil`; the
 * patient uploads it, into their therapist's space); anything else is an exercise file. The patient must be the
 * caller's (a therapist's own patient, or the patient themself).
 */
export const UPLOAD_PATHS = {
  sessionVideo: (pacienteId: string) => `sesiones/${pacienteId}`,
  profilePhoto: (pacienteId: string) => `pacientes/${pacienteId}/perfil`,
  exerciseFiles: 'ejercicios',
} as const;

const KIND_OF_FIRST_SEGMENT = new Map<string, UploadKind>([
  ['sesiones', 'video'],
  ['pacientes', 'photo'],
]);

export const uploadKind = (customPath: string | null | undefined): UploadKind =>
  KIND_OF_FIRST_SEGMENT.get((customPath ?? '').replace(/^\/+/, '').split('/')[0]) ?? 'exercise';

interface FileRule {
  /** MIME type → its extensions. */
  types: Record<string, readonly string[]>;
  maxBytes: number;
  typeMessage: string;
  sizeMessage: string;
}

const VIDEO_TYPES: Record<string, readonly string[]> = {
  'video/mp4': ['mp4'],
  'video/avi': ['avi'],
  'video/x-msvideo': ['avi'],
  'video/msvideo': ['avi'],
  'video/quicktime': ['mov'],
  'video/x-ms-wmv': ['wmv'],
};

export const FILE_RULES: Record<UploadKind, FileRule> = {
  video: {
    types: VIDEO_TYPES,
    maxBytes: STORAGE_LIMITS.videoMaxBytes,
    typeMessage: MSG.storage.videoType,
    sizeMessage: MSG.storage.videoTooLarge,
  },
  exercise: {
    types: {
      ...VIDEO_TYPES,
      'application/pdf': ['pdf'],
      'application/msword': ['doc'],
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
      'image/jpeg': ['jpg', 'jpeg'],
      'image/png': ['png'],
      'image/gif': ['gif'],
      'audio/mpeg': ['mp3'],
      'audio/mp3': ['mp3'],
      'audio/wav': ['wav'],
      'audio/x-wav': ['wav'],
      'audio/wave': ['wav'],
    },
    maxBytes: STORAGE_LIMITS.exerciseFileMaxBytes,
    typeMessage: MSG.storage.fileType,
    sizeMessage: MSG.storage.fileTooLarge,
  },
  // Images a browser shows in an <img>; never SVG (it can carry script).
  photo: {
    types: {
      'image/jpeg': ['jpg', 'jpeg'],
      'image/png': ['png'],
      'image/gif': ['gif'],
      'image/webp': ['webp'],
    },
    maxBytes: STORAGE_LIMITS.photoMaxBytes,
    typeMessage: MSG.storage.photoType,
    sizeMessage: MSG.storage.photoTooLarge,
  },
};

/** Types a browser may report when it does not know a file's type: the extension decides then. */
const UNKNOWN_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

const extension = (fileName: string): string => {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
};

/** A Content-Type without its parameters, lower-cased: `Video/MP4; codecs=avc1` → `video/mp4`. */
export const mediaType = (contentType: string | null | undefined): string => (contentType ?? '').split(';')[0].trim().toLowerCase();

/**
 * The MIME type a file is stored and served with, or null when the kind does not accept it. A known type must
 * be one of the kind's; an unknown one (empty, octet-stream) is decided by the file name's extension.
 */
export function acceptedType(kind: UploadKind, fileName: string, contentType: string | null | undefined): string | null {
  const { types } = FILE_RULES[kind];
  const type = mediaType(contentType);
  if (!UNKNOWN_TYPES.has(type)) return Object.hasOwn(types, type) ? type : null;
  const ext = extension(fileName);
  const match = Object.entries(types).find(([, exts]) => exts.includes(ext));
  return match ? match[0] : null;
}

export interface UploadCheck {
  /** The type to store, when accepted. */
  contentType: string | null;
  /** The spec's message, when refused. */
  error: string | null;
  /** Whether the refusal is about size (413) rather than type (400). */
  tooLarge: boolean;
}

/** The type and size rules for one file, as the page and the server both apply them. */
export function checkUpload(kind: UploadKind, fileName: string, contentType: string | null | undefined, size: number | null): UploadCheck {
  const rule = FILE_RULES[kind];
  const type = acceptedType(kind, fileName, contentType);
  if (!type) return { contentType: null, error: rule.typeMessage, tooLarge: false };
  if (size !== null && size > rule.maxBytes) return { contentType: type, error: rule.sizeMessage, tooLarge: true };
  return { contentType: type, error: null, tooLarge: false };
}

/** The MIME types and extensions a file input of this kind offers (its `accept` attribute). */
export const acceptAttribute = (kind: UploadKind): string => {
  const { types } = FILE_RULES[kind];
  return [
    ...Object.keys(types),
    ...new Set(
      Object.values(types)
        .flat()
        .map((e) => `.${e}`),
    ),
  ].join(',');
};

/** How a file reference is labelled by its extension. */
export function fileTypeLabel(fileName: string): 'PDF' | 'Audio' | 'Video' | 'Word' | 'Imagen' | 'Archivo' {
  const ext = extension(fileName);
  if (ext === 'pdf') return 'PDF';
  if (['mp3', 'wav', 'm4a'].includes(ext)) return 'Audio';
  if (['mp4', 'avi', 'mov'].includes(ext)) return 'Video';
  if (['doc', 'docx'].includes(ext)) return 'Word';
  if (['jpg', 'jpeg', 'png', 'gif'].includes(ext)) return 'Imagen';
  return 'Archivo';
}

/** A file key's visible name: its last segment without the random prefix the server adds. */
export const fileNameOfKey = (key: string): string => (key.split('/').pop() ?? key).replace(/^[0-9a-f]{16}-/, '');

// ---- API shapes ----

export interface PresignedUploadRequest {
  file_name: string;
  /** Either name is accepted. */
  content_type?: string;
  file_type?: string;
  file_size: number;
  custom_path?: string;
}
export interface PresignedUploadAnswer {
  upload_url: string;
  file_key: string;
  /** Always PUT; the headers the PUT must carry (the signature binds them). */
  method: 'PUT';
  headers: Record<string, string>;
}

export interface InitiateMultipartRequest {
  file_name: string;
  custom_path?: string;
  content_type?: string;
  file_type?: string;
  /** When given, the size rule is checked at once (it is always checked again at completion). */
  file_size?: number;
}
export interface InitiateMultipartAnswer {
  upload_id: string;
  file_key: string;
  /** Size of every part but the last. */
  part_size: number;
}

export interface MultipartRef {
  upload_id: string;
  file_key: string;
}
export interface PresignedPartRequest extends MultipartRef {
  part_number: number;
}
export interface PresignedPartAnswer {
  presigned_url: string;
}
export interface UploadedPart {
  PartNumber: number;
  ETag: string;
  Size?: number;
}
export interface CompleteMultipartRequest extends MultipartRef {
  parts: UploadedPart[];
}
export interface CompleteMultipartAnswer {
  success: true;
  file_key: string;
  size: number;
}
export interface ListPartsAnswer {
  parts: Required<UploadedPart>[];
}

export interface ProxyUploadAnswer {
  success: boolean;
  file_key: string;
  /** The file's reference (its key), as stored in a session's or an exercise's *_url fields. */
  file_url: string;
  file_name: string;
  size: number;
  error: string | null;
}

export interface StoredFileInfo {
  file_key: string;
  file_name: string;
  size: number;
  content_type: string | null;
  last_modified: string;
}
export interface BucketContentsAnswer {
  prefix: string;
  files: StoredFileInfo[];
}

export interface FileKeyRequest {
  file_key: string;
}
export interface DownloadUrlAnswer {
  download_url: string;
  filename: string;
}
export interface DeleteFileAnswer {
  success: true;
  file_key: string;
}
