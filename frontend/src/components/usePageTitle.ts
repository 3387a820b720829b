import { useEffect } from 'react';

export const SITE_TITLE = 'Consulta · Plataforma para psicoterapeutas';

/** The browser tab's title for this page: '{title} · Consulta', or the site's own title without one. */
export function usePageTitle(title?: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · Consulta` : SITE_TITLE;
  }, [title]);
}
