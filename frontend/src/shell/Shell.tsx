import { QueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Admin, CustomRoutes, Resource, type DashboardComponent } from 'react-admin';
import { Navigate, Route } from 'react-router';
import { authProvider } from '../app/providers/authProvider';
import { dataProvider } from '../app/providers/dataProvider';
import { useShellI18nProvider } from '../app/providers/i18nProvider';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { TEXT } from '../i18n/es/app';
import { ShellConfigContext, useShellConfig, type PageSection, type ResourceSection, type ShellConfig } from './config';
import { NotificationBridge } from './NotificationBridge';
import { ShellLayout } from './ShellLayout';
import { ShellNotFound } from './ShellNotFound';
import { shellTheme } from './shellTheme';

/** A shell without a page of its own at its base goes to its home at once, rather than after react-admin finds a resource. */
function GoHome() {
  return <Navigate to={useShellConfig().home} replace />;
}

/**
 * Writes go to the server whatever the browser believes of the network: one made offline fails at once and is
 * reported, rather than waiting unseen while its form stays busy (react-query's default pauses it).
 */
const createQueryClient = () => new QueryClient({ defaultOptions: { mutations: { networkMode: 'always' } } });

/**
 * The one react-admin shell, the therapist's or the patient's as `config` says: its routes, side menu and header
 * tabs all come from the config's sections. Mounted under its base and loaded lazily.
 */
export function Shell({ config }: { config: ShellConfig }) {
  const i18nProvider = useShellI18nProvider();
  // One client per mounted shell, as react-admin's own default: nothing cached outlives the signed-in user's shell.
  const [queryClient] = useState(createQueryClient);
  if (!i18nProvider) return <FullPageSpinner />;
  const resources = config.sections.filter((s): s is ResourceSection => s.kind === 'resource');
  const pages = config.sections.filter((s): s is PageSection => s.kind === 'page');
  const home = pages.find((s) => !s.path);
  return (
    <ShellConfigContext.Provider value={config}>
      <Admin
        basename={config.basename}
        title={TEXT.brand}
        dataProvider={dataProvider}
        queryClient={queryClient}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        theme={shellTheme}
        layout={ShellLayout}
        dashboard={(home?.component as DashboardComponent | undefined) ?? GoHome}
        notification={NotificationBridge}
        store={config.store}
        catchAll={ShellNotFound}
        loginPage={false}
        disableTelemetry
      >
        {resources.map((section) => (
          <Resource key={section.id} name={section.path} list={section.list} recordRepresentation={section.recordRepresentation}>
            <Route path=":id/*" element={<section.detail />} />
          </Resource>
        ))}
        {config.dataResources?.map((r) => (
          <Resource key={r.name} name={r.name} recordRepresentation={r.recordRepresentation} />
        ))}
        <CustomRoutes>
          {pages
            .filter((section) => section !== home)
            .map((section) => (
              <Route
                key={section.id}
                path={`/${section.path}`}
                element={
                  <Suspense fallback={<FullPageSpinner />}>
                    <section.component />
                  </Suspense>
                }
              />
            ))}
        </CustomRoutes>
      </Admin>
    </ShellConfigContext.Provider>
  );
}
