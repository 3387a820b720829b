import type { DemoUser, Role } from '@consulta/shared';
import { MSG } from '@consulta/shared';
import { RequiredText } from '../../common/validation/rules';

export class DemoUserDto implements DemoUser {
  email: string;
  name: string;
  role: Role;
}

export class DemoLoginDto {
  /** E-mail of one of the seeded demo users (GET /auth/demo-users). */
  @RequiredText(254, MSG.required.email)
  email: string;
}
