import { isPictureUrl, type AuthUser, type Role } from '@consulta/shared';
import type { User } from '../entities/user.entity';

export class AuthUserDto implements AuthUser {
  id: string;
  email: string;
  name: string;
  /** terapeuta or paciente. */
  role: Role;
  avatar_url: string | null;
  /** Profile picture. */
  foto_perfil: string | null;

  static from(user: User): AuthUserDto {
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      // Pictures stored before they were checked are not handed to a browser.
      avatar_url: isPictureUrl(user.avatarUrl) ? user.avatarUrl : null,
      foto_perfil: isPictureUrl(user.fotoPerfil) ? user.fotoPerfil : null,
    };
  }
}
