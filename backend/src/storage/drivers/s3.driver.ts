import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { STORAGE_LIMITS } from '@consulta/shared';
import type { S3Config } from '../../config/app-config';
import { ByteLimit } from './byte-limit';
import {
  attachmentDisposition,
  StorageRefusal,
  type Freed,
  type MediaInput,
  type OpenUpload,
  type SignedRequest,
  type StorageDriver,
  type StoredObject,
  type StoredPart,
} from './storage-driver';

const status = (error: unknown): number | undefined => (error as S3ServiceException).$metadata?.httpStatusCode;
const named = (error: unknown, ...names: string[]) => names.includes((error as Error).name);

/**
 * Any S3-compatible store (AWS S3, MinIO, ...). Presigned URLs are signed for `S3_PUBLIC_ENDPOINT` when set
 * (the address browsers reach), else for `S3_ENDPOINT`. A presigned PUT signs `Content-Type` and
 * `Content-Length`: the store refuses a body of another length; and `If-None-Match: *`: a store with conditional
 * writes (S3, MinIO) refuses it once the object exists (412), so the URL cannot rewrite a stored file.
 */
export class S3Driver implements StorageDriver {
  readonly name = 's3' as const;
  private readonly client: S3Client;
  private readonly presigner: S3Client;
  private readonly bucket: string;

  constructor(
    config: S3Config,
    private readonly ttlSeconds: number,
  ) {
    const base: S3ClientConfig = {
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
      // Otherwise presigned PUTs carry a checksum of an empty body, and part uploads a checksum the browser can't send.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    this.bucket = config.bucket;
    this.client = new S3Client({ ...base, endpoint: config.endpoint ?? undefined });
    this.presigner = config.publicEndpoint ? new S3Client({ ...base, endpoint: config.publicEndpoint }) : this.client;
  }

  async signPut(key: string, contentType: string, size: number): Promise<SignedRequest> {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentType: contentType,
      ContentLength: size,
      IfNoneMatch: '*',
    });
    const url = await getSignedUrl(this.presigner, command, {
      expiresIn: this.ttlSeconds,
      signableHeaders: new Set(['content-type', 'content-length', 'if-none-match']),
    });
    return { url, headers: { 'Content-Type': contentType, 'If-None-Match': '*' } };
  }

  async startMultipart(key: string, contentType: string): Promise<string> {
    const answer = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }));
    if (!answer.UploadId) throw new Error('The store answered no UploadId');
    return answer.UploadId;
  }

  signPart(key: string, uploadId: string, partNumber: number, length: number | null): Promise<string> {
    const command = new UploadPartCommand({
      Bucket: this.bucket,
      Key: key,
      UploadId: uploadId,
      PartNumber: partNumber,
      ContentLength: length ?? undefined,
    });
    const signableHeaders = length === null ? undefined : new Set(['content-length']);
    return getSignedUrl(this.presigner, command, { expiresIn: this.ttlSeconds, signableHeaders });
  }

  async listParts(key: string, uploadId: string): Promise<StoredPart[]> {
    const parts: StoredPart[] = [];
    let marker: string | undefined;
    try {
      do {
        const page = await this.client.send(
          new ListPartsCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker, MaxParts: 1000 }),
        );
        for (const p of page.Parts ?? []) parts.push({ PartNumber: p.PartNumber ?? 0, ETag: p.ETag ?? '', Size: p.Size ?? 0 });
        marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
      } while (marker);
    } catch (error) {
      throw this.refusal(error);
    }
    return parts.sort((a, b) => a.PartNumber - b.PartNumber);
  }

  async completeMultipart(key: string, uploadId: string, parts: { PartNumber: number; ETag: string }[]): Promise<number> {
    const sorted = [...parts].sort((a, b) => a.PartNumber - b.PartNumber);
    try {
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: sorted.map((p) => ({ PartNumber: p.PartNumber, ETag: p.ETag })) },
        }),
      );
    } catch (error) {
      throw this.refusal(error);
    }
    const stored = await this.head(key);
    if (!stored) throw new Error(`The completed upload ${key} is not in the store`);
    return stored.size;
  }

  async abortMultipart(key: string, uploadId: string): Promise<void> {
    try {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }));
    } catch (error) {
      if (!named(error, 'NoSuchUpload') && status(error) !== 404) throw error;
    }
  }

  async putStream(key: string, body: Readable, contentType: string, maxBytes: number): Promise<number> {
    const limit = new ByteLimit(maxBytes);
    const counted = body.pipe(limit);
    body.on('error', (error) => limit.destroy(error));
    // lib-storage sends parts of partSize while reading: at most queueSize parts in memory at once.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: counted, ContentType: contentType },
      partSize: STORAGE_LIMITS.partSizeBytes,
      queueSize: 2,
    });
    try {
      await upload.done();
    } catch (error) {
      if (limit.tooLarge) throw new StorageRefusal('too-large');
      throw error;
    }
    return limit.bytes;
  }

  signGet(key: string, filename: string, contentType: string | null): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: attachmentDisposition(filename),
      ResponseContentType: contentType ?? undefined,
    });
    return getSignedUrl(this.presigner, command, { expiresIn: this.ttlSeconds });
  }

  async mediaInput(key: string): Promise<MediaInput> {
    const input = await getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: key }), { expiresIn: this.ttlSeconds });
    return { input, protocols: new URL(input).protocol === 'http:' ? ['http', 'tcp'] : ['https', 'tls', 'tcp'] };
  }

  async read(key: string, etag?: string): Promise<Readable> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, IfMatch: etag }));
      return answer.Body as Readable;
    } catch (error) {
      if (status(error) === 412 || named(error, 'PreconditionFailed')) throw new StorageRefusal('changed');
      throw error;
    }
  }

  async ready(signal: AbortSignal): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal: signal });
  }

  async head(key: string): Promise<StoredObject | null> {
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { key, size: answer.ContentLength ?? 0, lastModified: answer.LastModified ?? new Date(0), etag: answer.ETag ?? '' };
    } catch (error) {
      if (status(error) === 404 || named(error, 'NotFound', 'NoSuchKey')) return null;
      throw error;
    }
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const found: StoredObject[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const o of page.Contents ?? []) {
        if (o.Key) found.push({ key: o.Key, size: o.Size ?? 0, lastModified: o.LastModified ?? new Date(0), etag: o.ETag ?? '' });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async listUploads(prefix: string): Promise<OpenUpload[]> {
    const found: OpenUpload[] = [];
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    for (;;) {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({ Bucket: this.bucket, Prefix: prefix, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }),
      );
      for (const u of page.Uploads ?? []) {
        if (u.Key && u.UploadId) found.push({ key: u.Key, uploadId: u.UploadId, startedAt: u.Initiated ?? new Date(0) });
      }
      if (!page.IsTruncated) return found;
      keyMarker = page.NextKeyMarker;
      uploadIdMarker = page.NextUploadIdMarker;
    }
  }

  /** None here: a form upload cut short is a multipart upload (lib-storage's), found by listUploads. */
  async removeTemporaries(): Promise<Freed> {
    return { count: 0, bytes: 0 };
  }

  async readStart(key: string, length: number): Promise<Buffer> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=0-${length - 1}` }));
      // Read no further than asked even from a store that ignored the range (leaving the loop closes the stream).
      const chunks: Buffer[] = [];
      let bytes = 0;
      for await (const chunk of answer.Body as Readable) {
        chunks.push(chunk as Buffer);
        if ((bytes += (chunk as Buffer).length) >= length) break;
      }
      return Buffer.concat(chunks).subarray(0, length);
    } catch (error) {
      // An empty object has no byte 0: the store answers 416.
      if (status(error) === 416 || named(error, 'InvalidRange')) return Buffer.alloc(0);
      throw error;
    }
  }

  private refusal(error: unknown): unknown {
    if (named(error, 'NoSuchUpload') || status(error) === 404) return new StorageRefusal('upload-not-found');
    if (named(error, 'InvalidPart', 'InvalidPartOrder', 'EntityTooSmall')) return new StorageRefusal('invalid-parts');
    return error;
  }
}
