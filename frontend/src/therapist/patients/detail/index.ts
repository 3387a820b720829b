export { PatientDetailPage } from './PatientDetailPage';
export { PATIENT_TABS } from './tabs';
export type { PatientTab, PatientTabProps } from './tabTypes';
