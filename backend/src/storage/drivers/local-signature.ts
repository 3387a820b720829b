import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a local signed URL may do: upload an object, upload a part of a multipart upload, or download. */
export type SignedOperation = 'put' | 'part' | 'get';

/** The signed facts of one URL (all strings, as they travel in the query). */
export type SignedFields = Record<string, string>;

export type Verdict = 'valid' | 'invalid' | 'expired';

/**
 * HMAC-SHA256 signatures of the local driver's URLs, as S3's presigned URLs: the operation, the key and every
 * fact the URL grants (size, type, upload id, part, file name) plus an expiry (unix seconds) are signed, so
 * changing any of them, or using the URL after its expiry, is refused.
 */
export class LocalSignature {
  constructor(private readonly secret: Buffer) {}

  /** The query string (without '?') carrying `fields`, `expires` and `signature`. */
  query(operation: SignedOperation, fields: SignedFields, ttlSeconds: number, now = Date.now()): string {
    const signed = { ...fields, expires: String(Math.floor(now / 1000) + ttlSeconds) };
    return new URLSearchParams({ ...signed, signature: this.sign(operation, signed) }).toString();
  }

  /** Checks a request's signed fields (as received, with `expires` and `signature`). */
  verify(operation: SignedOperation, received: Record<string, unknown>, now = Date.now()): Verdict {
    const { signature, ...fields } = received;
    if (typeof signature !== 'string' || !Object.values(fields).every((v) => typeof v === 'string')) return 'invalid';
    const expected = Buffer.from(this.sign(operation, fields as SignedFields));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    const expires = Number(fields.expires);
    return Number.isInteger(expires) && expires * 1000 >= now ? 'valid' : 'expired';
  }

  private sign(operation: SignedOperation, fields: SignedFields): string {
    const canonical = [
      operation,
      ...Object.keys(fields)
        .sort()
        .map((k) => `${k}=${fields[k]}`),
    ].join('\n');
    return createHmac('sha256', this.secret).update(canonical).digest('base64url');
  }
}

/** The signing key of stored files, derived from the app's secret (so one secret to keep, separate uses). */
export const storageSigningKey = (appSecret: string): Buffer => createHmac('sha256', appSecret).update('consulta/storage/v1').digest();
