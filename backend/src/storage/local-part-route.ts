import { BadRequestException, Logger as NestLogger, NotFoundException } from '@nestjs/common';
import { MSG } from '@consulta/shared';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { sendError } from '../common/errors/all-exceptions.filter';
import { problem } from '../common/errors/error.dto';
import { logAnswer, requestId } from '../common/logging/request-logging';
import type { LocalDriver } from './drivers/local.driver';
import { StorageRefusal } from './drivers/storage-driver';
import { interrupted, signedFields, tooLarge } from './local-links';
import { noSpace } from './no-space';

/** Where the parts of the local driver's multipart uploads are PUT (the URLs LocalDriver.signPart hands out). */
export const LOCAL_PART_PATH = '/api/v1/storage/part';

/**
 * `PUT /api/v1/storage/part`, the local driver's signed part upload, answered ahead of the app's middleware and of
 * Nest: a 10 GB video is 2,048 of these, each a body of 5 MiB, and what the other routes need (bearer tokens, JSON
 * bodies, compression, content security headers, a database context) a part does not. The signature is the only
 * credential, as with S3. The request still gets its id, its log line and the API's error answers. Sizes are counted
 * while the body streams to disk: the first byte past the part's signed length (else the part size) ends it (413), a
 * shorter body than signed stores nothing (400), a full disk stores nothing of the part (507: the upload goes on
 * once there is room). Mounted only when the local driver is the store.
 */
export function localPartRoute(local: LocalDriver, logger: Logger) {
  const errors = new NestLogger('Errors');
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'PUT' || req.path !== '/') return next();
    const started = Date.now();
    (req as Request & { id?: string }).id = requestId(req, res);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    let logged = false;
    // As requestLogger: one line when the answer is sent, or when the connection closes before.
    const log = () => {
      if (!logged) logAnswer(logger, req, res, LOCAL_PART_PATH, started);
      logged = true;
    };
    res.once('finish', log).once('close', log);
    receive(local, req, res).then(
      (etag) => res.setHeader('ETag', etag).status(200).end(),
      (error: unknown) => {
        // A refusal before the whole body was read: the connection closes, so the rest of it is not read.
        if (!req.complete) res.setHeader('Connection', 'close');
        sendError(res, error, errors);
      },
    );
  };
}

/** The part's ETag once it is stored, or the refusal. */
async function receive(local: LocalDriver, req: Request, res: Response): Promise<string> {
  const fields = signedFields(local, 'part', req.query);
  const declared = Number(req.headers['content-length']);
  if (fields.size !== undefined && Number.isFinite(declared) && declared > Number(fields.size))
    throw tooLarge(res, MSG.storage.partTooLarge);
  let etag: string | null;
  try {
    etag = await local.receivePart(fields, req);
  } catch (error) {
    if (!(error instanceof StorageRefusal)) throw interrupted(req, error);
    if (error.reason === 'upload-not-found') throw new NotFoundException(problem(MSG.storage.uploadNotFound, 'NOT_FOUND'));
    if (error.reason === 'no-space') throw noSpace();
    throw tooLarge(res, MSG.storage.partTooLarge);
  }
  if (etag === null) throw new BadRequestException(problem(MSG.storage.sizeMismatch, 'VALIDATION'));
  return etag;
}
