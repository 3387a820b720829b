import type { Role } from '@consulta/shared';

/** Who a request is from, as the layers below the domains know them: the signed-in user's id and role (a User is one). */
export interface Caller {
  id: string;
  role: Role;
}
