import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import LibraryBooksOutlined from '@mui/icons-material/LibraryBooksOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import PostAddOutlined from '@mui/icons-material/PostAddOutlined';
import PrivacyTipOutlined from '@mui/icons-material/PrivacyTipOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import type { PatientListItem } from '@consulta/shared';
import { localStorageStore } from 'react-admin';
import { THERAPIST_BASE } from '../app/routesConfig';
import { AI_DATA_TEXT } from '../i18n/es/ai-data';
import { TEXT } from '../i18n/es/app';
import { SEARCH_TEXT } from '../i18n/es/search';
import { WORKSPACE_TEXT } from '../i18n/es/workspace';
import { sectionUrl, type ShellConfig, type ShellSection } from '../shell/config';
import { SectionPage } from '../shell/SectionPage';
import { AiDataPage } from './ai/AiDataPage';
import { AiPage } from './ai/AiPage';
import { ExerciseBankPage } from './exercises/ExerciseBankPage';
import { PatientDetailPage } from './patients/detail';
import { PatientsPage } from './patients/PatientsPage';
import { ProfilePage } from './profile/ProfilePage';
import { HeaderSessionSearch } from './search/HeaderSessionSearch';
import { AgendaPage } from './agenda/AgendaPage';
import { SessionSearchPage } from './search/SessionSearchPage';
import { SessionTypesPage } from './session-types/SessionTypesPage';
import { NewSessionPanel } from './sessions/new-session/NewSessionPanel';
import { THERAPIST_SECTION_PATHS as P } from './sectionPaths';
import { useShowSavedSession } from './sessions/sessionLinks';

const S = WORKSPACE_TEXT.therapistShell;

/** The practice-wide 'Nueva Sesión': a saved session opens in its patient's 'Sesiones'. */
function NewSessionPage() {
  const showSaved = useShowSavedSession();
  return (
    <SectionPage title={S.sections.newSession}>
      <NewSessionPanel onSaved={showSaved} />
    </SectionPage>
  );
}

/**
 * The therapist shell's sections, in menu order: routes, the side menu and the header tabs are all built from
 * this list (their paths from `sectionPaths.ts`), so a new feature only adds an entry there and here.
 */
export const THERAPIST_SECTIONS: readonly ShellSection[] = [
  {
    id: 'patients',
    kind: 'resource',
    path: P['patients'],
    label: S.sections.patients,
    icon: <GroupOutlined />,
    inMenu: true,
    headerTab: S.headerTabs.patients,
    list: PatientsPage,
    detail: PatientDetailPage,
    recordRepresentation: (r: PatientListItem) => `${r.nombre} ${r.apellido}`,
  },
  {
    id: 'agenda',
    kind: 'page',
    path: P['agenda'],
    label: S.sections.agenda,
    icon: <CalendarMonthOutlined />,
    inMenu: true,
    component: AgendaPage,
  },
  {
    id: 'new-session',
    kind: 'page',
    path: P['new-session'],
    label: S.sections.newSession,
    icon: <PostAddOutlined />,
    inMenu: true,
    component: NewSessionPage,
  },
  {
    id: 'session-types',
    kind: 'page',
    path: P['session-types'],
    label: S.sections.sessionTypes,
    icon: <CategoryOutlined />,
    inMenu: true,
    component: SessionTypesPage,
  },
  {
    id: 'ai',
    kind: 'page',
    path: P['ai'],
    label: S.sections.ai,
    icon: <AutoAwesomeOutlined />,
    inMenu: true,
    headerTab: S.headerTabs.ai,
    component: AiPage,
  },
  {
    id: 'ai-data',
    kind: 'page',
    path: P['ai-data'],
    label: AI_DATA_TEXT.title,
    icon: <PrivacyTipOutlined />,
    inMenu: false,
    component: AiDataPage,
  },
  {
    id: 'exercises',
    kind: 'page',
    path: P['exercises'],
    label: S.sections.exercises,
    icon: <LibraryBooksOutlined />,
    inMenu: true,
    headerTab: S.headerTabs.exercises,
    component: ExerciseBankPage,
  },
  {
    id: 'search',
    kind: 'page',
    path: P['search'],
    label: SEARCH_TEXT.field,
    icon: <SearchOutlined />,
    inMenu: false,
    component: SessionSearchPage,
  },
  {
    id: 'profile',
    kind: 'page',
    path: P['profile'],
    label: S.sections.profile,
    icon: <PersonOutlined />,
    inMenu: true,
    component: ProfilePage,
  },
];

/** Resources the shell reads and writes without pages of their own (the session types' page is /tipos-sesiones). */
const DATA_RESOURCES = [{ name: 'tipos-sesion', recordRepresentation: 'nombre' }];

const urlOf = (id: string): string =>
  sectionUrl(
    THERAPIST_BASE,
    THERAPIST_SECTIONS.find((s) => s.id === id)!,
  );

/** The therapist shell: it starts at the patients, which its logo and not-found page lead back to. */
export const THERAPIST_SHELL: ShellConfig = {
  basename: THERAPIST_BASE,
  store: localStorageStore('1', 'ConsultaTerapeuta'),
  area: S.area,
  home: urlOf('patients'),
  profilePath: urlOf('profile'),
  logoutFailed: TEXT.auth.therapistLogoutError,
  sections: THERAPIST_SECTIONS,
  dataResources: DATA_RESOURCES,
  greeting: S.greeting,
  contentWidth: 1320,
  headerAction: HeaderSessionSearch,
};
