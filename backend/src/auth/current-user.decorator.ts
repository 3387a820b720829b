import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { User } from './entities/user.entity';

/** The signed-in user, as loaded by the JWT strategy (fresh from the database on every request). */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): User => {
  return ctx.switchToHttp().getRequest<{ user: User }>().user;
});
