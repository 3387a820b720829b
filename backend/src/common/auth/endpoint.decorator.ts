import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension, ApiForbiddenResponse, ApiOperation, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Role } from '@consulta/shared';
import { ErrorDto } from '../errors/error.dto';
import { JwtAuthGuard } from './jwt-auth.guard';
import { DuringPasswordChange, Roles } from './roles';
import { RolesGuard } from './roles.guard';

export type EndpointOptions =
  | { summary: string; description?: string; public: true }
  | { summary: string; description?: string; roles: Role[] | 'any'; duringPasswordChange?: true };

/**
 * Declares who may call a route, and documents it: public routes say so; protected routes get the JWT and
 * role guards, bearer security, the roles in the description and `x-roles`, and their 401/403 answers.
 * Protected routes refuse a user with a pending temporary password unless `duringPasswordChange` is set.
 */
export function Endpoint(options: EndpointOptions): MethodDecorator & ClassDecorator {
  const extra = options.description ? ` ${options.description}` : '';
  if ('public' in options) {
    return applyDecorators(
      ApiOperation({ summary: options.summary, description: `Acceso público.${extra}` }),
      ApiExtension('x-roles', []),
    );
  }
  const roles = options.roles === 'any' ? [] : options.roles;
  const who = roles.length > 0 ? `Roles: ${roles.join(', ')}.` : 'Roles: cualquier usuario autenticado.';
  const decorators = [
    ApiOperation({ summary: options.summary, description: `${who}${extra}` }),
    ApiExtension('x-roles', roles.length > 0 ? roles : ['terapeuta', 'paciente']),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ type: ErrorDto, description: 'Sin token, token inválido o caducado' }),
    Roles(...roles),
    UseGuards(JwtAuthGuard, RolesGuard),
  ];
  if (options.duringPasswordChange) decorators.push(DuringPasswordChange());
  if (roles.length > 0) decorators.push(ApiForbiddenResponse({ type: ErrorDto, description: `Solo para: ${roles.join(', ')}` }));
  return applyDecorators(...decorators);
}
