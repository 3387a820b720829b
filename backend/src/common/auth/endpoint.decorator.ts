import { applyDecorators, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiExtension,
  ApiForbiddenResponse,
  ApiOperation,
  ApiResponse,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Role } from '@consulta/shared';
import { ErrorDto } from '../errors/error.dto';
import { ApiThrottlerGuard } from '../throttle/throttle.guard';
import { JwtAuthGuard } from './jwt-auth.guard';
import { DuringPasswordChange, Roles } from './roles';
import { RolesGuard } from './roles.guard';

/**
 * The error answers a route gives itself, with what each means in general (a route that needs to say more
 * adds its own `@ApiXxxResponse`, whose description goes first). 400 (any request can be refused as malformed)
 * and 413 (any body can be too large) are added to every operation by setupSwagger; 401, 403 and 429 here.
 */
export const ERROR_ANSWERS = {
  404: 'No encontrado (o de otro usuario)',
  409: 'En conflicto con el estado actual',
  410: 'Ya no está disponible',
  413: 'Demasiado grande',
  422: 'No se puede procesar',
  502: 'El proveedor externo respondió con un error',
  503: 'Servicio no configurado o no disponible',
  504: 'El proveedor externo no respondió a tiempo',
} as const;
export type ErrorStatus = keyof typeof ERROR_ANSWERS;

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
  /** The error answers of this route beyond those above (each with the ErrorDto body). */
  errors?: ErrorStatus[];
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
  const decorators: (MethodDecorator | ClassDecorator)[] = (options.errors ?? []).map((status) =>
    ApiResponse({ status, type: ErrorDto, description: ERROR_ANSWERS[status] }),
  );
  if (options.throttle ?? isPublic) {
    decorators.push(ApiTooManyRequestsResponse({ type: ErrorDto, description: 'Demasiadas peticiones (cabecera Retry-After)' }));
  }
  if (isPublic) {
    decorators.push(
      ApiOperation({ summary: options.summary, description: `Acceso público.${extra}`, security: [] }),
      ApiExtension('x-roles', []),
    );
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
