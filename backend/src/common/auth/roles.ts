import { SetMetadata } from '@nestjs/common';
import type { Role } from '@consulta/shared';

export const ROLES_KEY = 'consulta:roles';

/** Roles allowed on a route; an empty list admits any signed-in user. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);
