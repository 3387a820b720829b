import type { PublicConfig } from '@consulta/shared';

export class PublicConfigDto implements PublicConfig {
  /** OAuth client id for Google sign-in in the browser; null hides the Google button. */
  google_client_id: string | null;
  /** Whether the one-click demo sign-in is available. */
  demo_login: boolean;
  /** Whether an AI provider is configured: transcription, analyses and assistants (false: they answer 503). */
  ia_configurada: boolean;
  /** Whether names, contacts and dates of birth of the practice's people leave for the AI provider as placeholders. */
  ia_seudonimizada: boolean;
}
