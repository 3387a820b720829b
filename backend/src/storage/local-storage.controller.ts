import { BadRequestException, ConflictException, Controller, ForbiddenException, Get, Inject, NotFoundException, PayloadTooLargeException, Put, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { MSG, mediaType } from '@consulta/shared';
import type { Request, Response } from 'express';
import { Endpoint } from '../common/auth/endpoint.decorator';
import { problem } from '../common/errors/error.dto';
import { LocalDriver } from './drivers/local.driver';
import type { SignedFields, SignedOperation } from './drivers/local-signature';
import { attachmentDisposition, STORAGE_DRIVER, StorageRefusal, type StorageDriver } from './drivers/storage-driver';

/** A body the client stopped sending (a cancelled upload, a dropped connection) is its 400, not a server error. */
const interrupted = (req: Request, error: unknown) =>
  req.readableAborted || (error as NodeJS.ErrnoException).code === 'ECONNRESET' ? new BadRequestException(problem(MSG.storage.uploadFailed, 'VALIDATION')) : error;

const REQUIRED: Record<SignedOperation, string[]> = { put: ['key', 'size', 'type'], part: ['key', 'upload', 'part'], get: ['key', 'filename', 'type'] };

/**
 * The local driver's "presigned" URLs (what S3 answers when S3 is configured; then these routes are 404). The
 * signature is the only credential, as with S3: no bearer token. Sizes are counted while the body streams to
 * disk; the first byte past the signed size ends the upload (413), a short body stores nothing (400). An upload URL
 * works until its object is whole, then never again (409): a stored file never changes.
 */
@ApiExcludeController()
@Controller('storage')
export class LocalStorageController {
  private readonly local: LocalDriver | null;

  constructor(@Inject(STORAGE_DRIVER) driver: StorageDriver) {
    this.local = driver instanceof LocalDriver ? driver : null;
  }

  @Put('object')
  @Endpoint({ public: true, throttle: false, summary: 'Subida firmada (almacenamiento local)' })
  async putObject(@Req() req: Request, @Query() query: Record<string, unknown>): Promise<void> {
    const [local, fields] = this.check('put', query);
    // As S3: the signature binds the type, so another Content-Type is another request.
    if (mediaType(req.headers['content-type']) !== mediaType(fields.type)) throw new ForbiddenException(problem(MSG.storage.linkInvalid, 'FORBIDDEN'));
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > Number(fields.size)) throw this.tooLarge(req, MSG.storage.sizeMismatch);
    try {
      if ((await local.receiveObject(fields, req)) === 'short') throw new BadRequestException(problem(MSG.storage.sizeMismatch, 'VALIDATION'));
    } catch (error) {
      if (error instanceof StorageRefusal && error.reason === 'exists') throw this.closing(req, new ConflictException(problem(MSG.storage.alreadyUploaded, 'ALREADY_EXISTS')));
      if (error instanceof StorageRefusal) throw this.tooLarge(req, MSG.storage.sizeMismatch);
      throw interrupted(req, error);
    }
  }

  @Put('part')
  @Endpoint({ public: true, throttle: false, summary: 'Parte firmada de una subida por partes (almacenamiento local)' })
  async putPart(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Query() query: Record<string, unknown>): Promise<void> {
    const [local, fields] = this.check('part', query);
    const declared = Number(req.headers['content-length']);
    if (fields.size !== undefined && Number.isFinite(declared) && declared > Number(fields.size)) throw this.tooLarge(req, MSG.storage.partTooLarge);
    let etag: string | null;
    try {
      etag = await local.receivePart(fields, req);
    } catch (error) {
      if (!(error instanceof StorageRefusal)) throw interrupted(req, error);
      if (error.reason === 'upload-not-found') throw new NotFoundException(problem(MSG.storage.uploadNotFound, 'NOT_FOUND'));
      throw this.tooLarge(req, MSG.storage.partTooLarge);
    }
    if (etag === null) throw new BadRequestException(problem(MSG.storage.sizeMismatch, 'VALIDATION'));
    res.setHeader('ETag', etag);
  }

  @Get('object')
  @Endpoint({ public: true, throttle: false, summary: 'Descarga firmada (almacenamiento local)' })
  getObject(@Query() query: Record<string, unknown>, @Res() res: Response): void {
    const [local, fields] = this.check('get', query);
    const headers = { 'Content-Type': fields.type, 'Content-Disposition': attachmentDisposition(fields.filename), 'Cache-Control': 'private, no-store' };
    res.sendFile(local.objectPath(fields.key), { headers, dotfiles: 'allow', acceptRanges: true, lastModified: false, etag: false }, (error) => {
      if (error && !res.headersSent) res.status(404).json(problem(MSG.storage.notFound, 'NOT_FOUND'));
    });
  }

  /** The driver and the signed fields, or 404 (S3 configured) / 403 (bad or expired signature). */
  private check(operation: SignedOperation, query: Record<string, unknown>): [LocalDriver, SignedFields] {
    if (!this.local) throw new NotFoundException(problem(MSG.common.notFound, 'NOT_FOUND'));
    const verdict = REQUIRED[operation].every((f) => typeof query[f] === 'string') ? this.local.verify(operation, query) : 'invalid';
    if (verdict === 'expired') throw new ForbiddenException(problem(MSG.storage.linkExpired, 'LINK_EXPIRED'));
    if (verdict === 'invalid') throw new ForbiddenException(problem(MSG.storage.linkInvalid, 'FORBIDDEN'));
    return [this.local, query as SignedFields];
  }

  /** 413, and the connection closes: the rest of the body is not read. */
  private tooLarge(req: Request, detail: string): PayloadTooLargeException {
    return this.closing(req, new PayloadTooLargeException(problem(detail, 'TOO_LARGE')));
  }

  /** A refusal answered before the body is read: the connection closes, so the rest of the body is not read. */
  private closing<E extends Error>(req: Request, refusal: E): E {
    req.res?.setHeader('Connection', 'close');
    return refusal;
  }
}
