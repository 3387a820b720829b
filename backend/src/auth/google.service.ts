import { BadGatewayException, Inject, Injectable, Logger, ServiceUnavailableException, UnauthorizedException } from '@nestjs/common';
import { isPictureUrl, MSG, normalizeEmail } from '@consulta/shared';
import type { AppConfig } from '../config/app-config';
import { problem } from '../common/errors/error.dto';
import { unsafeInputError } from '../common/validation/safe-input';
import { APP_CONFIG } from '../config/config.constants';

export interface GoogleIdentity {
  email: string;
  name: string | null;
  picture: string | null;
}

const TIMEOUT_MS = 5000;

/** Asks GOOGLE_USERINFO_URL who owns a Google access token. */
@Injectable()
export class GoogleService {
  private readonly logger = new Logger(GoogleService.name);

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async identify(token: string): Promise<GoogleIdentity> {
    // An OAuth bearer token is visible ASCII (RFC 6750); anything else is not one, and could not be sent anyway.
    if (!/^[\x21-\x7E]+$/.test(token)) throw new UnauthorizedException(problem(MSG.auth.googleInvalid, 'UNAUTHENTICATED'));
    let response: Response;
    try {
      response = await fetch(this.config.googleUserinfoUrl, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      this.logger.warn(`Google userinfo unreachable: ${(error as Error).message}`);
      throw new ServiceUnavailableException(problem(MSG.auth.googleUnavailable, 'UNAVAILABLE'));
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new UnauthorizedException(problem(MSG.auth.googleInvalid, 'UNAUTHENTICATED'));
    }
    let info: Record<string, unknown>;
    try {
      info = (await response.json()) as Record<string, unknown>;
    } catch {
      throw new BadGatewayException(problem(MSG.auth.googleUnavailable, 'INTERNAL'));
    }
    if (typeof info?.email !== 'string' || !info.email.includes('@') || unsafeInputError(info)) {
      throw new UnauthorizedException(problem(MSG.auth.googleInvalid, 'UNAUTHENTICATED'));
    }
    const verified = info.email_verified;
    if (verified !== undefined && verified !== true && verified !== 'true') {
      throw new UnauthorizedException(problem(MSG.auth.googleUnverified, 'UNAUTHENTICATED'));
    }
    return {
      email: normalizeEmail(info.email),
      name: typeof info.name === 'string' ? info.name : null,
      picture: isPictureUrl(info.picture) ? info.picture : null,
    };
  }
}
