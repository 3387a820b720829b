import { emailError, MSG } from '@consulta/shared';
import { Check, RequiredText } from '../../common/validation/rules';

export class PatientLoginDto {
  @Check((value) => (typeof value === 'string' ? emailError(value) : MSG.required.email))
  email: string;

  /** The password (contraseña). */
  @RequiredText(1024, MSG.required.password)
  contrasenia: string;
}
