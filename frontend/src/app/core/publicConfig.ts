import { FALLBACK_COUNTRY, FALLBACK_CURRENCY, isCurrency, isPracticeCountry, type DemoUser, type PublicConfig } from '@consulta/shared';
import { useEffect, useState } from 'react';
import { api } from './http';

/**
 * When /config cannot be read: no sign-in extras; the AI is taken as configured, so its buttons stay usable and a
 * server without it answers 503 AI_NOT_CONFIGURED, which is reported with its own text.
 */
const FALLBACK: PublicConfig = {
  google_client_id: null,
  demo_login: false,
  ia_configurada: true,
  ia_seudonimizada: true,
  moneda: FALLBACK_CURRENCY,
  pais: FALLBACK_COUNTRY,
};

let configPromise: Promise<PublicConfig> | null = null;

/** GET /config once per page load: which sign-in options this server offers, and whether it has an AI provider. */
export function loadPublicConfig(): Promise<PublicConfig> {
  configPromise ??= api
    .get<PublicConfig>('/config', { skipSessionExpiry: true })
    .then((c) => ({
      google_client_id: c?.google_client_id || null,
      demo_login: Boolean(c?.demo_login),
      ia_configurada: c?.ia_configurada !== false,
      ia_seudonimizada: c?.ia_seudonimizada !== false,
      moneda: isCurrency(c?.moneda) ? c.moneda : FALLBACK_CURRENCY,
      pais: isPracticeCountry(c?.pais) ? c.pais : FALLBACK_COUNTRY,
    }))
    .catch(() => {
      configPromise = null;
      return FALLBACK;
    });
  return configPromise;
}

export function usePublicConfig(): PublicConfig | null {
  const [config, setConfig] = useState<PublicConfig | null>(null);
  useEffect(() => {
    let active = true;
    loadPublicConfig().then((c) => active && setConfig(c));
    return () => {
      active = false;
    };
  }, []);
  return config;
}

/**
 * Whether the server has an AI provider (transcription, analyses): false only once /config said so, so the AI
 * buttons do not flash disabled while it loads.
 */
export function useAiConfigured(): boolean {
  return usePublicConfig()?.ia_configurada ?? true;
}

/** Whether the server replaces names and contacts before the AI provider (true until /config says otherwise). */
export function useAiPseudonymized(): boolean {
  return usePublicConfig()?.ia_seudonimizada ?? true;
}

/** The practice's currency (DEFAULT_CURRENCY): every price is shown and typed in it. */
export function useCurrency(): string {
  return usePublicConfig()?.moneda ?? FALLBACK_CURRENCY;
}

/** The seeded demo users, only while the server offers the demo sign-in. */
export function useDemoUsers(enabled: boolean): DemoUser[] {
  const [users, setUsers] = useState<DemoUser[]>([]);
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    api
      .get<DemoUser[]>('/auth/demo-users', { skipSessionExpiry: true })
      .then((list) => active && setUsers(Array.isArray(list) ? list : []))
      .catch(() => active && setUsers([]));
    return () => {
      active = false;
    };
  }, [enabled]);
  return enabled ? users : [];
}

/** For tests. */
export function resetPublicConfig(): void {
  configPromise = null;
}
