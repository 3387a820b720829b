import { MSG } from '@consulta/shared';
import { OptionalText, RequiredText } from '../../common/validation/rules';

export class ChangePasswordDto {
  /** Required unless the user must change a temporary password. */
  @OptionalText(1024)
  old_password?: string | null;

  /** Checked against the password rules. */
  @RequiredText(1024, MSG.required.password)
  new_password: string;
}
