import { createHash, timingSafeEqual } from 'node:crypto';
import { Logger, UnauthorizedException } from '@nestjs/common';
import { MSG } from '@consulta/shared';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { sendError } from '../common/errors/all-exceptions.filter';
import { problem } from '../common/errors/error.dto';
import type { SignInLimits } from '../common/throttle/sign-in-limits';
import type { AppConfig } from '../config/app-config';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** The user and password of an `Authorization: Basic ...` header, joined as sent ('user:password'), or null. */
function basicCredentials(header: string | undefined): string | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  return match ? Buffer.from(match[1], 'base64').toString('utf8') : null;
}

/** The one operator account, whatever user name a request sends: a guesser cannot spread over made-up names. */
const ACCOUNT = 'ops:operator';

/**
 * HTTP Basic with the operator credentials (OPS_USER, OPS_PASSWORD): compared as SHA-256 digests with a
 * constant-time compare (equal lengths whatever was sent). Every request is a password check under the sign-in
 * limits (SignInLimits: per account and address, per account, per address), refused with 429 past them. A
 * user's bearer token is no operator credential.
 */
export function operatorAuth(ops: NonNullable<AppConfig['ops']>, limits: SignInLimits): RequestHandler {
  const expected = digest(`${ops.user}:${ops.password}`);
  const logger = new Logger('Operators');
  return (req: Request, res: Response, next: NextFunction) => {
    const client = req.ip ?? 'unknown';
    const check = async () => {
      const sent = basicCredentials(req.headers.authorization);
      // A request without credentials guesses nothing (a browser asks for the challenge first): not counted.
      if (sent !== null && (await limits.attempt(ACCOUNT, client, () => timingSafeEqual(digest(sent), expected)))) return next();
      res.setHeader('WWW-Authenticate', 'Basic realm="Consulta operations", charset="UTF-8"');
      throw new UnauthorizedException(problem(MSG.common.operatorsOnly, 'UNAUTHENTICATED'));
    };
    check().catch((error: unknown) => sendError(res, error, logger));
  };
}
