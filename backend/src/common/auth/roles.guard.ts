import { CanActivate, ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { MSG, type Role } from '@consulta/shared';
import { problem } from '../errors/error.dto';
import { DURING_PASSWORD_CHANGE_KEY, ROLES_KEY } from './roles';

/** What the guard reads of the signed-in user (auth/'s User, set by the JWT strategy). */
interface SignedInUser {
  role: Role;
  mustChangePassword: boolean;
}

/**
 * Runs after JwtAuthGuard: a signed-in user whose role is not allowed gets 403, and so does a user who
 * still has to replace a temporary password, on every route but the few marked `DuringPasswordChange`.
 */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, targets) ?? [];
    const user = context.switchToHttp().getRequest<{ user?: SignedInUser }>().user;
    if (!user || (roles.length > 0 && !roles.includes(user.role))) throw new ForbiddenException(problem(MSG.auth.forbidden, 'FORBIDDEN'));
    if (user.mustChangePassword && !this.reflector.getAllAndOverride<boolean>(DURING_PASSWORD_CHANGE_KEY, targets)) {
      throw new ForbiddenException(problem(MSG.auth.passwordChangeRequired, 'FORBIDDEN'));
    }
    return true;
  }
}
