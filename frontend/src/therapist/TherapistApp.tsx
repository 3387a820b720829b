import { Admin, CustomRoutes, Resource, localStorageStore } from 'react-admin';
import { Route } from 'react-router';
import { THERAPIST_BASE } from '../app/routesConfig';
import { authProvider } from '../app/providers/authProvider';
import { dataProvider } from '../app/providers/dataProvider';
import { useShellI18nProvider } from '../app/providers/i18nProvider';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { NotificationBridge } from '../components/shell/NotificationBridge';
import { ComingSoonPage } from '../components/shell/SectionPage';
import { ShellNotFound } from '../components/shell/ShellNotFound';
import { shellTheme } from '../components/shell/shellTheme';
import { TherapistLayout } from './layout/TherapistLayout';
import { PatientDetailPage } from './patients/PatientDetailPage';
import { ProfilePage } from './profile/ProfilePage';
import { SessionTypesPage } from './session-types/SessionTypesPage';
import { PatientsPage } from './patients/PatientsPage';

const store = localStorageStore('1', 'ConsultaTerapeuta');

const NotFound = () => <ShellNotFound home={`${THERAPIST_BASE}/pacientes`} />;

/** The therapist shell (react-admin), mounted under /dashboard/terapeuta and loaded lazily. */
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
      notification={NotificationBridge}
      store={store}
      catchAll={NotFound}
      loginPage={false}
      disableTelemetry
    >
      <Resource name="pacientes" list={PatientsPage} recordRepresentation={(r) => `${r.nombre} ${r.apellido}`}>
        <Route path=":id" element={<PatientDetailPage />} />
      </Resource>
      {/* Data only (no routes of its own): its page is /tipos-sesiones, the spec's route. */}
      <Resource name="tipos-sesion" recordRepresentation="nombre" />
      <CustomRoutes>
        <Route path="/tipos-sesiones" element={<SessionTypesPage />} />
        <Route path="/nueva-sesion" element={<ComingSoonPage title="Nueva Sesión" />} />
        <Route path="/consultar-ia" element={<ComingSoonPage title="Consultar IA" />} />
        <Route path="/ejercicios" element={<ComingSoonPage title="Banco de Ejercicios" />} />
        <Route path="/perfil" element={<ProfilePage />} />
      </CustomRoutes>
    </Admin>
  );
}
