export { PatientDetailPage } from './PatientDetailPage';
export { PATIENT_TABS, type PatientTab, type PatientTabProps } from './tabs';
