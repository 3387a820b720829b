import { Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { MSG } from '@consulta/shared';
import { problem } from '../errors/error.dto';

/** Bearer token required: no token → 'No autenticado'; invalid, expired or stale token → session expired. */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<TUser>(err: unknown, user: TUser | false, info: unknown): TUser {
    if (err) throw err;
    if (!user) {
      const reason = info instanceof Error ? info.message : '';
      throw new UnauthorizedException(
        problem(/no auth token/i.test(reason) ? MSG.auth.notAuthenticated : MSG.auth.sessionExpired, 'UNAUTHENTICATED'),
      );
    }
    return user;
  }
}
