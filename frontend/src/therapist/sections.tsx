import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import LibraryBooksOutlined from '@mui/icons-material/LibraryBooksOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import PostAddOutlined from '@mui/icons-material/PostAddOutlined';
import type { PatientListItem } from '@consulta/shared';
import type { ComponentType, ReactElement } from 'react';
import { THERAPIST_BASE } from '../app/routesConfig';
import { SectionPage } from '../components/shell/SectionPage';
import { TEXT } from '../i18n/es/app';
import { AiPage } from './ai/AiPage';
import { ExerciseBankPage } from './exercises/ExerciseBankPage';
import { PatientDetailPage } from './patients/detail';
import { PatientsPage } from './patients/PatientsPage';
import { ProfilePage } from './profile/ProfilePage';
import { SessionTypesPage } from './session-types/SessionTypesPage';
import { NewSessionPanel } from './sessions/new-session/NewSessionPanel';

interface SectionBase {
  id: string;
  /** URL segment under /dashboard/terapeuta. */
  path: string;
  /** Side-menu label (and the page's name). */
  label: string;
  icon: ReactElement;
  /** Listed in the side menu. */
  inMenu: boolean;
  /** Label of its tab in the header, if it has one. */
  headerTab?: string;
}

/** A page of its own (a custom route). The component may be a React.lazy one: the shell renders it in Suspense. */
export interface PageSection extends SectionBase {
  kind: 'page';
  component: ComponentType;
}

/** A react-admin resource whose name is the path: its list page, and a detail page under /{path}/{id}/*. */
export interface ResourceSection extends SectionBase {
  kind: 'resource';
  list: ComponentType;
  detail: ComponentType;
  recordRepresentation: (record: PatientListItem) => string;
}

export type TherapistSection = PageSection | ResourceSection;

const S = TEXT.therapistShell;

function NewSessionPage() {
  return (
    <SectionPage title={S.sections.newSession}>
      <NewSessionPanel />
    </SectionPage>
  );
}

/**
 * The therapist shell's sections, in menu order: routes, the side menu and the header tabs are all built from
 * this list, so a new feature only adds an entry.
 */
export const THERAPIST_SECTIONS: readonly TherapistSection[] = [
  {
    id: 'patients',
    kind: 'resource',
    path: 'pacientes',
    label: S.sections.patients,
    icon: <GroupOutlined />,
    inMenu: true,
    headerTab: S.headerTabs.patients,
    list: PatientsPage,
    detail: PatientDetailPage,
    recordRepresentation: (r) => `${r.nombre} ${r.apellido}`,
  },
  {
    id: 'new-session',
    kind: 'page',
    path: 'nueva-sesion',
    label: S.sections.newSession,
    icon: <PostAddOutlined />,
    inMenu: true,
    component: NewSessionPage,
  },
  {
    id: 'session-types',
    kind: 'page',
    path: 'tipos-sesiones',
    label: S.sections.sessionTypes,
    icon: <CategoryOutlined />,
    inMenu: true,
    component: SessionTypesPage,
  },
  {
    id: 'ai',
    kind: 'page',
    path: 'consultar-ia',
    label: S.sections.ai,
    icon: <AutoAwesomeOutlined />,
    inMenu: true,
    headerTab: S.headerTabs.ai,
    component: AiPage,
  },
  {
    id: 'exercises',
    kind: 'page',
    path: 'ejercicios',
    label: S.sections.exercises,
    icon: <LibraryBooksOutlined />,
    inMenu: true,
    headerTab: S.headerTabs.exercises,
    component: ExerciseBankPage,
  },
  {
    id: 'profile',
    kind: 'page',
    path: 'perfil',
    label: S.sections.profile,
    icon: <PersonOutlined />,
    inMenu: true,
    component: ProfilePage,
  },
];

/** Resources the shell reads and writes without pages of their own (the session types' page is /tipos-sesiones). */
export const THERAPIST_DATA_RESOURCES = [{ name: 'tipos-sesion', recordRepresentation: 'nombre' }] as const;

export const sectionUrl = (section: Pick<TherapistSection, 'path'>): string => `${THERAPIST_BASE}/${section.path}`;

const urlOf = (id: string): string => sectionUrl(THERAPIST_SECTIONS.find((s) => s.id === id)!);

/** Where the shell starts (and its logo and not-found page lead). */
export const THERAPIST_HOME = urlOf('patients');
/** 'Ver perfil' of the avatar menu. */
export const THERAPIST_PROFILE = urlOf('profile');
