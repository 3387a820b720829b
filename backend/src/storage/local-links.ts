import { BadRequestException, ForbiddenException, PayloadTooLargeException } from '@nestjs/common';
import { MSG } from '@consulta/shared';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { problem } from '../common/errors/error.dto';
import type { LocalDriver } from './drivers/local.driver';
import type { SignedFields, SignedOperation } from './drivers/local-signature';

const REQUIRED: Record<SignedOperation, string[]> = {
  put: ['key', 'size', 'type'],
  part: ['key', 'upload', 'part'],
  get: ['key', 'filename', 'type'],
};

/**
 * The signed fields of a local driver's URL (its query), or 403: a bad signature, a field missing or not a plain
 * string, or the link expired (LINK_EXPIRED).
 */
export function signedFields(local: LocalDriver, operation: SignedOperation, query: Record<string, unknown>): SignedFields {
  const verdict = REQUIRED[operation].every((f) => typeof query[f] === 'string') ? local.verify(operation, query) : 'invalid';
  if (verdict === 'expired') throw new ForbiddenException(problem(MSG.storage.linkExpired, 'LINK_EXPIRED'));
  if (verdict === 'invalid') throw new ForbiddenException(problem(MSG.storage.linkInvalid, 'FORBIDDEN'));
  return query as SignedFields;
}

/** A body the client stopped sending (a cancelled upload, a dropped connection) is its 400, not a server error. */
export const interrupted = (req: IncomingMessage, error: unknown) =>
  req.readableAborted || (error as NodeJS.ErrnoException).code === 'ECONNRESET'
    ? new BadRequestException(problem(MSG.storage.uploadFailed, 'VALIDATION'))
    : error;

/** A refusal answered before the body is read: the connection closes, so the rest of the body is not read. */
export function closing<E extends Error>(res: ServerResponse | undefined, refusal: E): E {
  res?.setHeader('Connection', 'close');
  return refusal;
}

/** 413, and the connection closes: the rest of the body is not read. */
export const tooLarge = (res: ServerResponse | undefined, detail: string) =>
  closing(res, new PayloadTooLargeException(problem(detail, 'TOO_LARGE')));
