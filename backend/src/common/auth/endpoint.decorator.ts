import { applyDecorators, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiExtension,
  ApiForbiddenResponse,
  ApiOperation,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Role } from '@consulta/shared';
import { ErrorDto } from '../errors/error.dto';
import { ApiThrottlerGuard } from '../throttle/throttle.guard';
import { JwtAuthGuard } from './jwt-auth.guard';
import { DuringPasswordChange, Roles } from './roles';
import { RolesGuard } from './roles.guard';

interface Common {
  summary: string;
  description?: string;
  /**
   * The route limit (LOGIN_THROTTLE_*: per client address and route; per user once signed in). On by default for
   * public routes: every one that does work is counted. Off only for those that do none an anonymous caller can
   * repeat at a cost (GET /config), whose URL is itself the credential (signed storage links), or that keep their
   * own limits (the password sign-in, SignInLimits).
   */
  throttle?: boolean;
}

export type EndpointOptions = Common & ({ public: true } | { roles: Role[] | 'any'; duringPasswordChange?: true });

/**
 * Declares who may call a route, and documents it: public routes say so (no security) and are throttled;
 * protected routes get the JWT and role guards, bearer security, the roles in the description and `x-roles`,
 * and their 401/403 answers. Protected routes refuse a user with a pending temporary password unless
 * `duringPasswordChange` is set.
 */
export function Endpoint(options: EndpointOptions): MethodDecorator & ClassDecorator {
  const extra = options.description ? ` ${options.description}` : '';
  const isPublic = 'public' in options;
  const decorators: (MethodDecorator | ClassDecorator)[] = [];
  if (options.throttle ?? isPublic) {
    decorators.push(ApiTooManyRequestsResponse({ type: ErrorDto, description: 'Demasiadas peticiones (cabecera Retry-After)' }));
  }
  if (isPublic) {
    decorators.push(ApiOperation({ summary: options.summary, description: `Acceso público.${extra}`, security: [] }), ApiExtension('x-roles', []));
  } else {
    const roles = options.roles === 'any' ? [] : options.roles;
    const who = roles.length > 0 ? `Roles: ${roles.join(', ')}.` : 'Roles: cualquier usuario autenticado.';
    decorators.push(
      ApiOperation({ summary: options.summary, description: `${who}${extra}` }),
      ApiExtension('x-roles', roles.length > 0 ? roles : ['terapeuta', 'paciente']),
      ApiBearerAuth(),
      ApiUnauthorizedResponse({ type: ErrorDto, description: 'Sin token, token inválido o caducado' }),
      Roles(...roles),
      UseGuards(JwtAuthGuard, RolesGuard),
    );
    if (options.duringPasswordChange) decorators.push(DuringPasswordChange());
    if (roles.length > 0) decorators.push(ApiForbiddenResponse({ type: ErrorDto, description: `Solo para: ${roles.join(', ')}` }));
  }
  // After the JWT guard on a protected route: its counter is then kept only for signed-in callers.
  if (options.throttle ?? isPublic) decorators.push(UseGuards(ApiThrottlerGuard));
  return applyDecorators(...decorators);
}
