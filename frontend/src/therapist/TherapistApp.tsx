import { Suspense } from 'react';
import { Admin, CustomRoutes, Resource, localStorageStore } from 'react-admin';
import { Navigate, Route } from 'react-router';
import { THERAPIST_BASE } from '../app/routesConfig';
import { authProvider } from '../app/providers/authProvider';
import { dataProvider } from '../app/providers/dataProvider';
import { useShellI18nProvider } from '../app/providers/i18nProvider';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { NotificationBridge } from '../components/shell/NotificationBridge';
import { ShellNotFound } from '../components/shell/ShellNotFound';
import { shellTheme } from '../components/shell/shellTheme';
import { TherapistLayout } from './layout/TherapistLayout';
import { THERAPIST_DATA_RESOURCES, THERAPIST_HOME, THERAPIST_SECTIONS, type PageSection, type ResourceSection } from './sections';

const store = localStorageStore('1', 'ConsultaTerapeuta');

const NotFound = () => <ShellNotFound home={THERAPIST_HOME} />;
/** /dashboard/terapeuta is the patients tab (spec 2 §2), at once rather than after react-admin finds its first resource. */
const Home = () => <Navigate to={THERAPIST_HOME} replace />;

const resources = THERAPIST_SECTIONS.filter((s): s is ResourceSection => s.kind === 'resource');
const pages = THERAPIST_SECTIONS.filter((s): s is PageSection => s.kind === 'page');

/** The therapist shell (react-admin), mounted under /dashboard/terapeuta and loaded lazily; its routes come from `sections`. */
export default function TherapistApp() {
  const i18nProvider = useShellI18nProvider();
  if (!i18nProvider) return <FullPageSpinner />;
  return (
    <Admin
      basename={THERAPIST_BASE}
      title="Consulta"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      theme={shellTheme}
      layout={TherapistLayout}
      dashboard={Home}
      notification={NotificationBridge}
      store={store}
      catchAll={NotFound}
      loginPage={false}
      disableTelemetry
    >
      {resources.map((section) => (
        <Resource key={section.id} name={section.path} list={section.list} recordRepresentation={section.recordRepresentation}>
          <Route path=":id/*" element={<section.detail />} />
        </Resource>
      ))}
      {THERAPIST_DATA_RESOURCES.map((r) => (
        <Resource key={r.name} name={r.name} recordRepresentation={r.recordRepresentation} />
      ))}
      <CustomRoutes>
        {pages.map((section) => (
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
  );
}
