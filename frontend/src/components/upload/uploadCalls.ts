import type {
  CompleteMultipartAnswer,
  CompleteMultipartRequest,
  InitiateMultipartAnswer,
  InitiateMultipartRequest,
  ListPartsAnswer,
  MultipartRef,
  PresignedPartAnswer,
  PresignedPartRequest,
  PresignedUploadAnswer,
  PresignedUploadRequest,
  ProxyUploadAnswer,
} from '@consulta/shared';

export interface ProxyUploadOptions {
  /** Bytes of the file sent so far. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * The storage calls an uploader makes, as the app's data provider offers them. The uploader
 * takes them as an object, so it knows nothing of the app's HTTP layer (and tests pass fakes).
 */
export interface UploadCalls {
  presignedUpload: (request: PresignedUploadRequest) => Promise<PresignedUploadAnswer>;
  initiateMultipart: (request: InitiateMultipartRequest) => Promise<InitiateMultipartAnswer>;
  signPart: (request: PresignedPartRequest) => Promise<PresignedPartAnswer>;
  listParts: (ref: MultipartRef) => Promise<ListPartsAnswer>;
  completeMultipart: (request: CompleteMultipartRequest) => Promise<CompleteMultipartAnswer>;
  abortMultipart: (ref: MultipartRef) => Promise<unknown>;
  /** POST /aws-s3/proxy-upload: custom_path first, then the file. */
  proxyUpload: (file: File, customPath: string, options?: ProxyUploadOptions) => Promise<ProxyUploadAnswer>;
}
