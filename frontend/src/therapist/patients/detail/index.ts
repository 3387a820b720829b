export { PatientDetailPage } from './PatientDetailPage';
export { PATIENT_TABS, type PatientTab, type PatientTabProps } from './tabs';
export { patientQueryKeys, useRefreshPatient } from './patientQueries';
