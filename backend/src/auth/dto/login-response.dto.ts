import type { LoginResponse } from '@consulta/shared';

export class LoginResponseDto implements LoginResponse {
  /** Bearer token for the Authorization header. */
  access_token: string;
  /** When true, the client must send the user to /change-password first. */
  must_change_password: boolean;
}
