import { MSG } from '@consulta/shared';
import { Check, RequiredText } from '../../common/validation/rules';

const emailText = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? null : MSG.required.email);

export class ForgotPasswordDto {
  @Check(emailText)
  email: string;
}

export class ResetPasswordDto {
  @RequiredText(256, MSG.reset.invalidToken)
  token: string;

  /** Checked against the password rules. */
  @RequiredText(1024, MSG.required.password)
  new_password: string;
}

export class MessageDto {
  message: string;
}

export class ResetTokenCheckDto {
  valid: boolean;
  message: string;
}
