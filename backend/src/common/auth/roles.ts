import { SetMetadata } from '@nestjs/common';
import type { Role } from '@consulta/shared';

export const ROLES_KEY = 'consulta:roles';

export const DURING_PASSWORD_CHANGE_KEY = 'consulta:during-password-change';

/** Roles allowed on a route; an empty list admits any signed-in user. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

/** Marks the few routes a user whose temporary password must still be changed may call. */
export const DuringPasswordChange = () => SetMetadata(DURING_PASSWORD_CHANGE_KEY, true);
