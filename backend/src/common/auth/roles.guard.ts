import { CanActivate, ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { MSG, type Role } from '@consulta/shared';
import type { User } from '../../auth/entities/user.entity';
import { ROLES_KEY } from './roles';

/** Runs after JwtAuthGuard: a signed-in user whose role is not allowed gets 403. */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [context.getHandler(), context.getClass()]);
    if (!roles || roles.length === 0) return true;
    const user = context.switchToHttp().getRequest<{ user?: User }>().user;
    if (user && roles.includes(user.role)) return true;
    throw new ForbiddenException(MSG.auth.forbidden);
  }
}
