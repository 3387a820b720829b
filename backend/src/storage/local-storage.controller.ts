import {
  BadRequestException,
  ConflictException,
  Controller,
  ForbiddenException,
  Get,
  Inject,
  NotFoundException,
  Put,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { MSG, mediaType } from '@consulta/shared';
import type { Request, Response } from 'express';
import { Endpoint } from '../common/auth/endpoint.decorator';
import { problem } from '../common/errors/error.dto';
import { LocalDriver } from './drivers/local.driver';
import type { SignedFields, SignedOperation } from './drivers/local-signature';
import { attachmentDisposition, STORAGE_DRIVER, StorageRefusal, type StorageDriver } from './drivers/storage-driver';
import { closing, interrupted, signedFields, tooLarge } from './local-links';
import { noSpace } from './no-space';

/**
 * The local driver's "presigned" URLs for whole objects (what S3 answers when S3 is configured; then these routes are
 * 404); its part uploads are local-part-route.ts. The signature is the only credential, as with S3: no bearer token.
 * Sizes are counted while the body streams to disk; the first byte past the signed size ends the upload (413), a
 * short body stores nothing (400), nor does a full disk (507). An upload URL works until its object is whole, then
 * never again (409): a stored file never changes.
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
    if (mediaType(req.headers['content-type']) !== mediaType(fields.type))
      throw new ForbiddenException(problem(MSG.storage.linkInvalid, 'FORBIDDEN'));
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > Number(fields.size)) throw tooLarge(req.res, MSG.storage.sizeMismatch);
    try {
      if ((await local.receiveObject(fields, req)) === 'short')
        throw new BadRequestException(problem(MSG.storage.sizeMismatch, 'VALIDATION'));
    } catch (error) {
      if (error instanceof StorageRefusal && error.reason === 'exists')
        throw closing(req.res, new ConflictException(problem(MSG.storage.alreadyUploaded, 'ALREADY_EXISTS')));
      // Nothing of it is kept: the same signed URL takes the file again once there is room.
      if (error instanceof StorageRefusal && error.reason === 'no-space') throw closing(req.res, noSpace());
      if (error instanceof StorageRefusal) throw tooLarge(req.res, MSG.storage.sizeMismatch);
      throw interrupted(req, error);
    }
  }

  @Get('object')
  @Endpoint({ public: true, throttle: false, summary: 'Descarga firmada (almacenamiento local)' })
  getObject(@Query() query: Record<string, unknown>, @Res() res: Response): void {
    const [local, fields] = this.check('get', query);
    const headers = {
      'Content-Type': fields.type,
      'Content-Disposition': attachmentDisposition(fields.filename),
      'Cache-Control': 'private, no-store',
    };
    res.sendFile(
      local.objectPath(fields.key),
      { headers, dotfiles: 'allow', acceptRanges: true, lastModified: false, etag: false },
      (error) => {
        if (error && !res.headersSent) res.status(404).json(problem(MSG.storage.notFound, 'NOT_FOUND'));
      },
    );
  }

  /** The driver and the signed fields, or 404 (S3 configured) / 403 (bad or expired signature). */
  private check(operation: SignedOperation, query: Record<string, unknown>): [LocalDriver, SignedFields] {
    if (!this.local) throw new NotFoundException(problem(MSG.common.notFound, 'NOT_FOUND'));
    return [this.local, signedFields(this.local, operation, query)];
  }
}
