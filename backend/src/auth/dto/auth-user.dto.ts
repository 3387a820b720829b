import { isPictureUrl, type AuthUser, type Role } from '@consulta/shared';
import type { User } from '../entities/user.entity';

export class AuthUserDto implements AuthUser {
  id: string;
  email: string;
  name: string;
  /** terapeuta or paciente. */
  role: Role;
  /** The picture to show: the profile photo (an uploaded one as a signed URL), else the Google picture. */
  avatar_url: string | null;
  /** The profile photo as stored: an uploaded file's key or an https: URL. */
  foto_perfil: string | null;

  /** `photoUrl`: what StoredFiles.pictureUrl() makes of `user.fotoPerfil`. */
  static from(user: User, photoUrl: string | null): AuthUserDto {
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      // Pictures stored before they were checked are not handed to a browser.
      avatar_url: photoUrl ?? (isPictureUrl(user.avatarUrl) ? user.avatarUrl : null),
      foto_perfil: photoUrl ? user.fotoPerfil : null,
    };
  }
}
