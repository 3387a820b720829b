import { Admin, CustomRoutes, localStorageStore } from 'react-admin';
import { Route } from 'react-router';
import { PATIENT_BASE } from '../app/routesConfig';
import { authProvider } from '../app/providers/authProvider';
import { dataProvider } from '../app/providers/dataProvider';
import { useShellI18nProvider } from '../app/providers/i18nProvider';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { NotificationBridge } from '../components/shell/NotificationBridge';
import { ShellNotFound } from '../components/shell/ShellNotFound';
import { shellTheme } from '../components/shell/shellTheme';
import { PatientChatPage } from './chat/PatientChatPage';
import { PatientExercisesPage } from './exercises/PatientExercisesPage';
import { PatientHome } from './home/PatientHome';
import { PatientLayout } from './PatientLayout';
import { PatientProfilePage } from './profile/PatientProfilePage';
import { PatientSessionsPage } from './sessions/PatientSessionsPage';

const store = localStorageStore('1', 'ConsultaPaciente');

const NotFound = () => <ShellNotFound home={PATIENT_BASE} />;

/** The patient shell (react-admin), mounted under /dashboard/paciente and loaded lazily. */
export default function PatientApp() {
  const i18nProvider = useShellI18nProvider();
  if (!i18nProvider) return <FullPageSpinner />;
  return (
    <Admin
      basename={PATIENT_BASE}
      title="Consulta"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      theme={shellTheme}
      layout={PatientLayout}
      dashboard={PatientHome}
      notification={NotificationBridge}
      store={store}
      catchAll={NotFound}
      loginPage={false}
      disableTelemetry
    >
      <CustomRoutes>
        <Route path="/sesiones" element={<PatientSessionsPage />} />
        <Route path="/ejercicios" element={<PatientExercisesPage />} />
        <Route path="/chat-ia" element={<PatientChatPage />} />
        <Route path="/perfil" element={<PatientProfilePage />} />
      </CustomRoutes>
    </Admin>
  );
}
