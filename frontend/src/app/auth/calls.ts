import type {
  AuthUser,
  InvitationRegisterPayload,
  InvitationValidation,
  LoginResponse,
  MessageResponse,
  PublicAppointment,
  Role,
} from '@consulta/shared';
import { http, segment, type ApiRequestInit, type HttpClient } from '../core/http';

/** Made without a session: a 401/403 there is a refusal to report, not an expired session. */
const noSession = { skipSessionExpiry: true } as const;
/** A mailed link acts as the link, not as whoever is signed in on that computer: no stored token goes with it. */
const asLink = { ...noSession, token: null } as const;

/** The sign-in and account calls of the public pages and the auth layer (outside react-admin, so not in its data provider). */
export const authCalls = (client: HttpClient) => ({
  /** POST /auth/login/{role} or /auth/demo-login. */
  signIn: (path: string, body: object) => client.post<LoginResponse>(path, body, noSession),
  googleSignIn: (googleToken: string, role: Role) =>
    client.post<LoginResponse>('/auth/google-login', { token: googleToken, role }, noSession),
  /**
   * GET /auth/me with the stored token, or `token` (one not kept yet); a refusal ends the session unless
   * `skipSessionExpiry` (then the caller decides).
   */
  me: (options: Pick<ApiRequestInit, 'token' | 'skipSessionExpiry'> = {}) => client.get<AuthUser>('/auth/me', options),
  changePassword: (body: { old_password?: string; new_password: string }) =>
    client.post<{ access_token?: string } | undefined>('/auth/change-password', body),
  forgotPassword: (email: string) => client.post<MessageResponse>('/auth/forgot-password', { email }, noSession),
  verifyResetToken: (token: string) => client.get<unknown>(`/auth/verify-reset-token?token=${segment(token)}`, noSession),
  resetPassword: (token: string, newPassword: string) =>
    client.post<MessageResponse>('/auth/reset-password', { token, new_password: newPassword }, noSession),
  /** GET /invitations/validate/{token} ('-' for none, which the server refuses like any unknown token). */
  validateInvitation: (token: string) => client.get<InvitationValidation>(`/invitations/validate/${segment(token || '-')}`, noSession),
  registerInvited: (payload: InvitationRegisterPayload) => client.post<unknown>('/invitations/register', payload, noSession),
  /** GET /citas/publica/{token}: a reminder's link (400 INVALID_LINK for a forged, altered or expired one). */
  publicAppointment: (token: string) => client.get<PublicAppointment>(`/citas/publica/${segment(token)}`, asLink),
  /** POST /citas/publica/{token}/confirmar or /cancelar (with an optional reason). */
  actOnPublicAppointment: (token: string, action: 'confirmar' | 'cancelar', motivo: string | null) =>
    client.post<PublicAppointment>(`/citas/publica/${segment(token)}/${action}`, motivo ? { motivo } : {}, asLink),
});

export const authApi = authCalls(http);
