import { createHash, timingSafeEqual } from 'node:crypto';
import { Logger, UnauthorizedException } from '@nestjs/common';
import { MSG } from '@consulta/shared';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { sendError } from '../common/errors/all-exceptions.filter';
import { problem } from '../common/errors/error.dto';
import type { RateLimitService } from '../common/throttle/rate-limit.service';
import type { AppConfig } from '../config/app-config';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** The user and password of an `Authorization: Basic ...` header, joined as sent ('user:password'), or null. */
function basicCredentials(header: string | undefined): string | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  return match ? Buffer.from(match[1], 'base64').toString('utf8') : null;
}

const LIMIT = 'ops-login';

/**
 * HTTP Basic with the operator credentials (OPS_USER, OPS_PASSWORD): compared as SHA-256 digests with a
 * constant-time compare (equal lengths whatever was sent). Failures are counted per client address like the
 * sign-in (LOGIN_THROTTLE_*): past the limit every attempt answers 429 until the window ends. A user's bearer
 * token is no operator credential.
 */
export function operatorAuth(ops: NonNullable<AppConfig['ops']>, limits: RateLimitService, throttle: AppConfig['loginThrottle']): RequestHandler {
  const expected = digest(`${ops.user}:${ops.password}`);
  const logger = new Logger('Operators');
  return (req: Request, res: Response, next: NextFunction) => {
    const client = req.ip ?? 'unknown';
    const check = async () => {
      await limits.assertNotBlocked(LIMIT, client);
      const sent = basicCredentials(req.headers.authorization);
      if (sent !== null && timingSafeEqual(digest(sent), expected)) return next();
      const { refused } = await limits.count(LIMIT, client, throttle.limit, throttle.ttlMs);
      if (refused) throw refused;
      res.setHeader('WWW-Authenticate', 'Basic realm="Consulta operations", charset="UTF-8"');
      throw new UnauthorizedException(problem(MSG.common.operatorsOnly, 'UNAUTHENTICATED'));
    };
    check().catch((error: unknown) => sendError(res, error, logger));
  };
}
