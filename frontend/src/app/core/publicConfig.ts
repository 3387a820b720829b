import type { DemoUser, PublicConfig } from '@consulta/shared';
import { useEffect, useState } from 'react';
import { api } from './http';

const FALLBACK: PublicConfig = { google_client_id: null, demo_login: false };

let configPromise: Promise<PublicConfig> | null = null;

/** GET /config once per page load: which sign-in options this server offers. */
export function loadPublicConfig(): Promise<PublicConfig> {
  configPromise ??= api
    .get<PublicConfig>('/config', { skipSessionExpiry: true })
    .then((c) => ({ google_client_id: c?.google_client_id || null, demo_login: Boolean(c?.demo_login) }))
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
