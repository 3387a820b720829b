import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { Role } from '@consulta/shared';
import type { User } from './entities/user.entity';
import type { LoginResponseDto } from './dto/login-response.dto';

/** What an access token carries: the user id, the role and the token version. */
export interface TokenPayload {
  sub: string;
  role: Role;
  tv: number;
}

@Injectable()
export class TokenService {
  constructor(private readonly jwt: JwtService) {}

  async issue(user: User): Promise<LoginResponseDto> {
    const payload: TokenPayload = { sub: user.id, role: user.role, tv: user.tokenVersion };
    return { access_token: await this.jwt.signAsync(payload), must_change_password: user.mustChangePassword };
  }
}
