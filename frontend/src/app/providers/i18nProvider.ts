import { createInstance } from 'i18next';
import type { I18nProvider } from 'ra-core';
import { getI18nProvider } from 'ra-i18n-i18next';
import { useEffect, useState } from 'react';
import { esResources } from '../../i18n/es';

const locales = [{ locale: 'es', name: 'Español' }];

let cached: I18nProvider | null = null;
let pending: Promise<I18nProvider> | null = null;

/** Builds (once) react-admin's i18nProvider on i18next, Spanish only, with our catalogue. */
export function loadI18nProvider(): Promise<I18nProvider> {
  pending ??= getI18nProvider(
    createInstance(),
    {
      lng: 'es',
      fallbackLng: 'es',
      supportedLngs: ['es'],
      resources: { es: { translation: esResources } },
      interpolation: { escapeValue: false },
      // Our texts are sentences: never read ':' as a namespace separator.
      nsSeparator: false,
    },
    locales,
  ).then((provider) => (cached = provider));
  return pending;
}

/** The shells' i18nProvider; null until initialised (a few milliseconds, resources are bundled). */
export function useShellI18nProvider(): I18nProvider | null {
  const [provider, setProvider] = useState<I18nProvider | null>(cached);
  useEffect(() => {
    if (provider) return;
    let active = true;
    loadI18nProvider().then((p) => active && setProvider(p));
    return () => {
      active = false;
    };
  }, [provider]);
  return provider;
}
