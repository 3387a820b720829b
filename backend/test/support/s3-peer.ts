import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';

/**
 * An S3-compatible test peer: `s3rver` 3.7.1 (a Koa app storing objects in a temp directory) with one bucket
 * whose CORS rule exposes `ETag`, plus what s3rver lacks and the app needs, answered as S3 answers
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/):
 * - ListParts (`GET /{bucket}/{key}?uploadId=`), AbortMultipartUpload (`DELETE ...?uploadId=`) and
 *   ListMultipartUploads (`GET /{bucket}?uploads`, one page), read from s3rver's own filesystem store
 *   (`{bucket}/._S3rver_uploads/{uploadId}/{n}`, `{n}.md5` and `key`, whose time is the upload's start);
 * - NoSuchUpload for parts sent to, and completions of, an upload that does not exist (s3rver would silently
 *   create it again or fail with 500);
 * - CompleteMultipartUpload's checks (InvalidPart, InvalidPartOrder, EntityTooSmall): s3rver joins whatever
 *   it is told. Like S3 it accepts gaps in the part numbers (1, 3): refusing them is the app's rule;
 * - query-string (presigned) Signature Version 4 verification with its expiry (s3rver checks neither), so a
 *   presigned PUT that sends another length or type than it was signed for is refused as S3 refuses it.
 *   The peer's clock can be moved forward to see a presigned URL expire.
 * - conditional requests: a PUT with `If-None-Match: *` to a key that holds an object (S3's conditional write)
 *   and a GET or HEAD whose `If-Match` names another ETag are 412 PreconditionFailed (s3rver ignores both).
 * Requests signed in the Authorization header (the app's own SDK calls) are left to s3rver, which accepts any
 * Signature Version 4 from its default account.
 */

// s3rver ships no types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => S3rverApp;

interface KoaContext {
  method: string;
  path: string;
  querystring: string;
  query: Record<string, string | string[] | undefined>;
  req: IncomingMessage;
  status: number;
  body: unknown;
  type: string;
  set: (name: string, value: string) => void;
}
type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;
interface S3rverApp {
  middleware: Middleware[];
  store: {
    getResourcePath: (bucket: string, key: string | undefined, resource: string) => string;
    existsObject: (bucket: string, key: string) => Promise<boolean>;
    putObjectMultipart: (
      bucket: string,
      uploadId: string,
      parts: { number: number; etag: string }[],
    ) => Promise<{ md5: string; size: number }>;
  };
  run: () => Promise<{ port: number }>;
  close: () => Promise<void>;
}

export const S3_PEER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;
/** S3's minimum size of every part but the last. */
const MIN_PART = 5 * 1024 * 1024;

export interface S3Peer {
  /** e.g. http://127.0.0.1:40123 (path-style: {endpoint}/{bucket}/{key}). */
  endpoint: string;
  port: number;
  bucket: string;
  /** Whether the bucket holds an object with this key. */
  exists: (key: string) => Promise<boolean>;
  /** The stored object's size, or null. */
  size: (key: string) => number | null;
  /** Whether a multipart upload with this id is in progress (initiated, neither completed nor aborted). */
  uploadExists: (uploadId: string) => boolean;
  /** Gives the stored object at `key` another modification time (its LastModified), as if written then. */
  setModified: (key: string, at: Date) => void;
  /** Gives a multipart upload in progress another start time (its Initiated), as if started then. */
  setUploadStarted: (uploadId: string, at: Date) => void;
  /** Moves the clock the peer checks presigned URLs' expiry against (ms, added to the real time). */
  setClockOffset: (ms: number) => void;
  /** The requests the peer answered itself or refused (method, path, status), for diagnosing a failure. */
  log: () => string[];
  close: () => Promise<void>;
}

const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>DELETE</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const xmlUnescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** RFC 3986 escaping as Signature Version 4 canonicalizes query strings. */
const sigEscape = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function s3Error(ctx: KoaContext, status: number, code: string, message: string, detail: Record<string, string> = {}): void {
  ctx.status = status;
  ctx.type = 'application/xml';
  const extra = Object.entries(detail)
    .map(([k, v]) => `<${k}>${xmlEscape(v)}</${k}>`)
    .join('');
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message>${extra}</Error>`;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** The refusal of a presigned (query-string SigV4) request, or null when its signature and expiry hold. */
function presignedRefusal(ctx: KoaContext, now: number): { status: number; code: string; message: string } | null {
  const pairs = ctx.querystring
    .split('&')
    .filter(Boolean)
    .map((p) => {
      const i = p.indexOf('=');
      return (i < 0 ? [p, ''] : [p.slice(0, i), p.slice(i + 1)]).map((s) => decodeURIComponent(s)) as [string, string];
    });
  const param = (name: string) => pairs.find(([k]) => k === name)?.[1];
  const mismatch = {
    status: 403,
    code: 'SignatureDoesNotMatch',
    message: 'The request signature we calculated does not match the signature you provided.',
  };
  if (param('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256')
    return { status: 400, code: 'AuthorizationQueryParametersError', message: 'Unsupported algorithm' };
  const [accessKey, date, region, service, terminator] = (param('X-Amz-Credential') ?? '').split('/');
  if (accessKey !== S3_PEER_CREDENTIALS.accessKeyId)
    return { status: 403, code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id you provided does not exist in our records.' };
  const amzDate = param('X-Amz-Date') ?? '';
  const expires = Number(param('X-Amz-Expires'));
  const signedHeaders = (param('X-Amz-SignedHeaders') ?? '').split(';').filter(Boolean);
  const signature = param('X-Amz-Signature') ?? '';
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (
    !m ||
    !Number.isInteger(expires) ||
    expires < 1 ||
    expires > 604800 ||
    !signedHeaders.includes('host') ||
    terminator !== 'aws4_request'
  ) {
    return { status: 400, code: 'AuthorizationQueryParametersError', message: 'Malformed presigned query parameters' };
  }
  const canonicalQuery = pairs
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [sigEscape(k), sigEscape(v)])
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const header = (name: string) => {
    const value = ctx.req.headers[name];
    return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ');
  };
  const canonicalHeaders = signedHeaders.map((h) => `${h}:${header(h)}\n`).join('');
  const payloadHash = param('X-Amz-Content-Sha256') ?? header('x-amz-content-sha256') ?? 'UNSIGNED-PAYLOAD';
  const canonicalRequest = [
    ctx.method,
    ctx.path,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders.join(';'),
    payloadHash || 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonicalRequest).digest('hex')].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${S3_PEER_CREDENTIALS.secretAccessKey}`, date), region), service), 'aws4_request');
  const expected = Buffer.from(createHmac('sha256', key).update(stringToSign).digest('hex'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return mismatch;
  const signedAt = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
  if (now > signedAt + expires * 1000) return { status: 403, code: 'AccessDenied', message: 'Request has expired' };
  return null;
}

/** Starts the peer on a free port of 127.0.0.1 with an empty bucket `bucket` in a temp directory. */
export async function startS3Peer(bucket = 'consulta-test'): Promise<S3Peer> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'consulta-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [CORS] }],
  });
  const store = server.store;
  const uploadsDir = () => store.getResourcePath(bucket, undefined, 'uploads');
  const uploadDir = (uploadId: string) => path.join(uploadsDir(), path.basename(uploadId));
  /** The upload's key, or null when no such upload is in progress. */
  const uploadKey = (uploadId: string): string | null => {
    if (!/^[0-9a-f]+$/i.test(uploadId)) return null;
    const file = path.join(uploadDir(uploadId), 'key');
    return existsSync(file) ? readFileSync(file, 'utf8') : null;
  };
  const storedParts = (uploadId: string) =>
    readdirSync(uploadDir(uploadId))
      // A part whose body never arrived whole has no .md5 (s3rver writes it last): S3 keeps no such part.
      .filter((n) => /^\d+$/.test(n) && existsSync(path.join(uploadDir(uploadId), `${n}.md5`)))
      .map((n) => {
        const file = path.join(uploadDir(uploadId), n);
        const stat = statSync(file);
        return { number: Number(n), size: stat.size, modified: stat.mtime, etag: readFileSync(`${file}.md5`, 'utf8') };
      })
      .sort((a, b) => a.number - b.number);

  /** The ETag (unquoted) of the object at `key`, or null when there is none (s3rver keeps it beside the object). */
  const storedEtag = async (key: string): Promise<string | null> => {
    if (!(await store.existsObject(bucket, key))) return null;
    const file = store.getResourcePath(bucket, key, 'object.md5');
    return existsSync(file) ? readFileSync(file, 'utf8').replace(/"/g, '') : '';
  };

  let clockOffset = 0;
  const log: string[] = [];

  /** ListMultipartUploads of the whole bucket (or a prefix of it), in one page. */
  const listUploads = (ctx: KoaContext): void => {
    const prefix = typeof ctx.query.prefix === 'string' ? ctx.query.prefix : '';
    const uploads = (existsSync(uploadsDir()) ? readdirSync(uploadsDir()) : [])
      .map((uploadId) => ({ uploadId, key: uploadKey(uploadId) }))
      .filter((u): u is { uploadId: string; key: string } => u.key !== null && u.key.startsWith(prefix))
      .map((u) => ({ ...u, initiated: statSync(path.join(uploadDir(u.uploadId), 'key')).mtime }));
    ctx.type = 'application/xml';
    ctx.body =
      '<?xml version="1.0" encoding="UTF-8"?>\n<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
      `<Bucket>${xmlEscape(bucket)}</Bucket><KeyMarker></KeyMarker><UploadIdMarker></UploadIdMarker><Prefix>${xmlEscape(prefix)}</Prefix>` +
      '<MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>' +
      uploads
        .map(
          (u) =>
            `<Upload><Key>${xmlEscape(u.key)}</Key><UploadId>${xmlEscape(u.uploadId)}</UploadId>` +
            `<Initiated>${u.initiated.toISOString()}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`,
        )
        .join('') +
      '</ListMultipartUploadsResult>';
    ctx.status = 200;
  };

  const peer: Middleware = async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path.replace(/\/$/, '') === `/${bucket}` && 'uploads' in ctx.query) {
      listUploads(ctx);
      return void log.push(`GET ${ctx.path}?${ctx.querystring} -> ${ctx.status}`);
    }
    const match = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
    if (ctx.method === 'OPTIONS' || !match || match[1] !== bucket) return next();
    const key = decodeURIComponent(match[2]);
    const q = (name: string) => (typeof ctx.query[name] === 'string' ? (ctx.query[name] as string) : undefined);
    const note = (): void => void log.push(`${ctx.method} ${ctx.path}?${ctx.querystring} -> ${ctx.status}`);

    if ('X-Amz-Signature' in ctx.query) {
      const refusal = presignedRefusal(ctx, Date.now() + clockOffset);
      if (refusal) {
        ctx.req.resume();
        s3Error(ctx, refusal.status, refusal.code, refusal.message);
        return note();
      }
    }

    const uploadId = q('uploadId');
    if (uploadId === undefined) {
      const etag = await storedEtag(key);
      const ifMatch = ctx.req.headers['if-match'];
      const writeOver = ctx.method === 'PUT' && ctx.req.headers['if-none-match'] === '*' && etag !== null;
      const readOther =
        (ctx.method === 'GET' || ctx.method === 'HEAD') && ifMatch !== undefined && etag !== null && ifMatch.replace(/"/g, '') !== etag;
      if (writeOver || readOther) {
        ctx.req.resume();
        s3Error(ctx, 412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold', {
          Condition: writeOver ? 'If-None-Match' : 'If-Match',
        });
        return note();
      }
      return next();
    }
    if (uploadKey(uploadId) !== key) {
      ctx.req.resume();
      s3Error(
        ctx,
        404,
        'NoSuchUpload',
        'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
        { UploadId: uploadId },
      );
      return note();
    }

    if (ctx.method === 'GET') {
      // ListParts
      const marker = Number(q('part-number-marker') ?? 0);
      const max = Math.min(Number(q('max-parts') ?? 1000), 1000);
      const after = storedParts(uploadId).filter((p) => p.number > marker);
      const page = after.slice(0, max);
      const truncated = after.length > page.length;
      ctx.type = 'application/xml';
      ctx.body =
        '<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
        `<Bucket>${xmlEscape(bucket)}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${xmlEscape(uploadId)}</UploadId>` +
        `<PartNumberMarker>${marker}</PartNumberMarker><NextPartNumberMarker>${page.at(-1)?.number ?? 0}</NextPartNumberMarker>` +
        `<MaxParts>${max}</MaxParts><IsTruncated>${truncated}</IsTruncated><StorageClass>STANDARD</StorageClass>` +
        page
          .map(
            (p) =>
              `<Part><PartNumber>${p.number}</PartNumber><LastModified>${p.modified.toISOString()}</LastModified><ETag>&quot;${p.etag}&quot;</ETag><Size>${p.size}</Size></Part>`,
          )
          .join('') +
        '</ListPartsResult>';
      ctx.status = 200;
      return note();
    }

    if (ctx.method === 'DELETE') {
      // AbortMultipartUpload
      rmSync(uploadDir(uploadId), { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = null;
      return note();
    }

    if (ctx.method === 'POST') {
      // CompleteMultipartUpload, with S3's checks
      const xml = await readBody(ctx.req);
      const requested = [...xml.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map(([, inner]) => ({
        number: Number(/<PartNumber>\s*(\d+)\s*<\/PartNumber>/.exec(inner)?.[1]),
        etag: xmlUnescape(/<ETag>([\s\S]*?)<\/ETag>/.exec(inner)?.[1] ?? '')
          .replace(/"/g, '')
          .trim(),
      }));
      if (!/<CompleteMultipartUpload[\s>]/.test(xml) || requested.length === 0 || requested.some((p) => !Number.isInteger(p.number))) {
        s3Error(ctx, 400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema');
        return note();
      }
      if (requested.some((p, i) => i > 0 && p.number <= requested[i - 1].number)) {
        s3Error(ctx, 400, 'InvalidPartOrder', 'The list of parts was not in ascending order. Parts must be ordered by part number.');
        return note();
      }
      const stored = new Map(storedParts(uploadId).map((p) => [p.number, p]));
      const missing = requested.find((p) => stored.get(p.number)?.etag !== p.etag);
      if (missing) {
        s3Error(
          ctx,
          400,
          'InvalidPart',
          "One or more of the specified parts could not be found. The part may not have been uploaded, or the specified entity tag may not have matched the part's entity tag.",
          {
            UploadId: uploadId,
            PartNumber: String(missing.number),
          },
        );
        return note();
      }
      const small = requested.slice(0, -1).find((p) => (stored.get(p.number)?.size ?? 0) < MIN_PART);
      if (small) {
        s3Error(ctx, 400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.', {
          PartNumber: String(small.number),
        });
        return note();
      }
      const { md5 } = await store.putObjectMultipart(bucket, uploadId, requested);
      ctx.type = 'application/xml';
      ctx.body =
        '<?xml version="1.0" encoding="UTF-8"?>\n<CompleteMultipartUploadResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
        `<Location>http://127.0.0.1/${xmlEscape(bucket)}/${xmlEscape(key)}</Location><Bucket>${xmlEscape(bucket)}</Bucket>` +
        `<Key>${xmlEscape(key)}</Key><ETag>&quot;${md5}-${requested.length}&quot;</ETag></CompleteMultipartUploadResult>`;
      ctx.status = 200;
      return note();
    }

    // UploadPart (PUT): the upload exists; s3rver stores the part.
    return next();
  };
  server.middleware.unshift(peer);

  const { port } = await server.run();
  const objectPath = (key: string) => store.getResourcePath(bucket, key, 'object');
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    bucket,
    exists: (key) => store.existsObject(bucket, key),
    size: (key) => (existsSync(objectPath(key)) ? statSync(objectPath(key)).size : null),
    uploadExists: (uploadId) => uploadKey(uploadId) !== null,
    setModified: (key, at) => utimesSync(objectPath(key), at, at),
    setUploadStarted: (uploadId, at) => utimesSync(path.join(uploadDir(uploadId), 'key'), at, at),
    setClockOffset: (ms) => {
      clockOffset = ms;
    },
    log: () => [...log],
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
