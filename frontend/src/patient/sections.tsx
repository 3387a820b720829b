import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import FitnessCenterOutlined from '@mui/icons-material/FitnessCenterOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import PrivacyTipOutlined from '@mui/icons-material/PrivacyTipOutlined';
import QuizOutlined from '@mui/icons-material/QuizOutlined';
import { localStorageStore } from 'react-admin';
import { PATIENT_BASE } from '../app/routesConfig';
import { PATIENT_SHELL_TEXT as S } from '../i18n/es/patient-area';
import type { ShellConfig, ShellSection } from '../shell/config';
import { MY_APPOINTMENTS_TEXT } from '../i18n/es/agenda';
import { QUESTIONNAIRES_TEXT } from '../i18n/es/questionnaires';
import { AI_DATA_PATIENT_TEXT } from '../i18n/es/ai-data';
import { MyAppointmentsPage } from './appointments/MyAppointmentsPage';
import { PatientAiDataPage } from './chat/PatientAiDataPage';
import { PatientChatPage } from './chat/PatientChatPage';
import { PatientExercisesPage } from './exercises/PatientExercisesPage';
import { PatientHome } from './home/PatientHome';
import { PATIENT_PATHS, PATIENT_SEGMENTS } from './paths';
import { PatientProfilePage } from './profile/PatientProfilePage';
import { MyQuestionnairesPage } from './questionnaires/MyQuestionnairesPage';
import { PatientSessionsPage } from './sessions/PatientSessionsPage';

/** The patient shell's sections, in menu order: routes and the side menu are built from this list. */
export const PATIENT_SECTIONS: readonly ShellSection[] = [
  {
    id: 'home',
    kind: 'page',
    path: PATIENT_SEGMENTS.home,
    label: S.sections.home,
    icon: <HomeOutlined />,
    inMenu: true,
    component: PatientHome,
  },
  {
    id: 'appointments',
    kind: 'page',
    path: PATIENT_SEGMENTS.appointments,
    label: MY_APPOINTMENTS_TEXT.title,
    icon: <CalendarMonthOutlined />,
    inMenu: true,
    component: MyAppointmentsPage,
  },
  {
    id: 'questionnaires',
    kind: 'page',
    path: PATIENT_SEGMENTS.questionnaires,
    label: QUESTIONNAIRES_TEXT.patient.title,
    icon: <QuizOutlined />,
    inMenu: true,
    component: MyQuestionnairesPage,
  },
  {
    id: 'sessions',
    kind: 'page',
    path: PATIENT_SEGMENTS.sessions,
    label: S.sections.sessions,
    icon: <HistoryOutlined />,
    inMenu: true,
    component: PatientSessionsPage,
  },
  {
    id: 'exercises',
    kind: 'page',
    path: PATIENT_SEGMENTS.exercises,
    label: S.sections.exercises,
    icon: <FitnessCenterOutlined />,
    inMenu: true,
    component: PatientExercisesPage,
  },
  {
    id: 'chat',
    kind: 'page',
    path: PATIENT_SEGMENTS.chat,
    label: S.sections.chat,
    icon: <ChatOutlined />,
    inMenu: true,
    component: PatientChatPage,
  },
  {
    id: 'ai-data',
    kind: 'page',
    path: PATIENT_SEGMENTS.aiData,
    label: AI_DATA_PATIENT_TEXT.title,
    icon: <PrivacyTipOutlined />,
    inMenu: false,
    component: PatientAiDataPage,
  },
  {
    id: 'profile',
    kind: 'page',
    path: PATIENT_SEGMENTS.profile,
    label: S.sections.profile,
    icon: <PersonOutlined />,
    inMenu: true,
    component: PatientProfilePage,
  },
];

/** The patient shell ('Mi espacio'): no greeting above the pages; the avatar menu changes the password. */
export const PATIENT_SHELL: ShellConfig = {
  basename: PATIENT_BASE,
  store: localStorageStore('1', 'ConsultaPaciente'),
  area: S.area,
  home: PATIENT_PATHS.home,
  profilePath: PATIENT_PATHS.profile,
  passwordChange: true,
  sections: PATIENT_SECTIONS,
  contentWidth: 1200,
};
