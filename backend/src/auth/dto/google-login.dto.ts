import { MSG, ROLES, type Role, fillMessage } from '@consulta/shared';
import { OneOfOrNull, RequiredText } from '../../common/validation/rules';

export class GoogleLoginDto {
  /** Google access token (scopes openid, email, profile), checked against Google's userinfo endpoint. */
  @RequiredText(4096, MSG.auth.googleInvalid)
  token: string;

  /** The tab the user chose; only a hint: the stored role decides. */
  @OneOfOrNull(ROLES, fillMessage(MSG.validation.invalid, { campo: 'role' }))
  role?: Role | null;
}
