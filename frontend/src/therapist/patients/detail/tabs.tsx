import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import FitnessCenterOutlined from '@mui/icons-material/FitnessCenterOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import PostAddOutlined from '@mui/icons-material/PostAddOutlined';
import QuizOutlined from '@mui/icons-material/QuizOutlined';
import ViewModuleOutlined from '@mui/icons-material/ViewModuleOutlined';
import { WORKSPACE_TEXT } from '../../../i18n/es/workspace';
import { PatientExercisesTab } from '../../patient-exercises/PatientExercisesTab';
import { PatientModulesTab } from '../../patient-exercises/PatientModulesTab';
import { PatientProgressTab } from '../../patient-exercises/PatientProgressTab';
import { AccessHistoryTab } from '../../access-history';
import { PatientAppointmentsTab } from '../../agenda/PatientAppointmentsTab';
import { PatientAiChatTab } from '../../ai/PatientAiChatTab';
import { PatientQuestionnairesTab } from '../../questionnaires/PatientQuestionnairesTab';
import { SessionsTab } from '../../sessions/SessionsTab';
import { ConsentsTab } from '../../consents/ConsentsTab';
import { ExportTab } from '../../exports';
import { NewSessionTab } from './NewSessionTab';
import { PatientInfoTab } from './PatientInfoTab';
import type { PatientTab } from './tabTypes';

const T = WORKSPACE_TEXT.patientDetail.tabs;

/** The sections of the patient-detail screen (the spec's seven, the patient's appointments, questionnaires, consents, access history and data export), each a nested route of /dashboard/terapeuta/pacientes/{id}. */
export const PATIENT_TABS: readonly PatientTab[] = [
  { id: 'patient-info', path: '', label: T.info, icon: <InfoOutlined />, component: PatientInfoTab },
  { id: 'sessions', path: 'sesiones', label: T.sessions, icon: <HistoryOutlined />, component: SessionsTab },
  { id: 'new-session', path: 'nueva-sesion', label: T.newSession, icon: <PostAddOutlined />, component: NewSessionTab },
  { id: 'appointments', path: 'citas', label: T.appointments, icon: <CalendarMonthOutlined />, component: PatientAppointmentsTab },
  { id: 'exercises', path: 'ejercicios', label: T.exercises, icon: <FitnessCenterOutlined />, component: PatientExercisesTab },
  { id: 'modules', path: 'modulos', label: T.modules, icon: <ViewModuleOutlined />, component: PatientModulesTab },
  { id: 'progress', path: 'progreso', label: T.progress, icon: <InsightsOutlined />, component: PatientProgressTab },
  { id: 'questionnaires', path: 'cuestionarios', label: T.questionnaires, icon: <QuizOutlined />, component: PatientQuestionnairesTab },
  { id: 'ai-chat', path: 'ai-chat', label: T.aiChat, icon: <ChatOutlined />, component: PatientAiChatTab },
  { id: 'consents', path: 'consentimientos', label: T.consents, icon: <VerifiedUserOutlined />, component: ConsentsTab },
  { id: 'access-history', path: 'historial-accesos', label: T.accessHistory, icon: <ManageSearchOutlined />, component: AccessHistoryTab },
  { id: 'export', path: 'exportacion', label: T.export, icon: <ArchiveOutlined />, component: ExportTab },
];

export const DEFAULT_PATIENT_TAB = PATIENT_TABS[0];

/** The tab a URL segment names (an unknown segment names none). */
export const tabOfSegment = (segment: string): PatientTab | undefined => PATIENT_TABS.find((t) => t.path === segment);

/** The tab of an old `?tab=` link. */
export const tabOfId = (id: string | null): PatientTab | undefined => PATIENT_TABS.find((t) => t.id === id);

/** The URL of a tab under the patient's URL. */
export const tabUrl = (patientUrl: string, tab: PatientTab): string => (tab.path ? `${patientUrl}/${tab.path}` : patientUrl);
