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
  /** The practice's currency (DEFAULT_CURRENCY, ISO 4217, default EUR): every price is in it. */
  moneda: string;
  /** The country of a therapist who chose none (DEFAULT_COUNTRY, ISO 3166, default ES). */
  pais: string;
}
