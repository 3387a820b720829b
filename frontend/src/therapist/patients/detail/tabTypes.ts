import type { PatientDetail } from '@consulta/shared';
import type { ComponentType, ReactElement } from 'react';

/** What every tab of the patient detail receives. Tabs import this file, never the registry (tabs.tsx imports them). */
export interface PatientTabProps {
  patient: PatientDetail;
  tab: PatientTab;
}

export interface PatientTab {
  /** The spec's tab id; `?tab={id}` of older links redirects to the tab's URL. */
  id: string;
  /** URL segment after /pacientes/{id}; '' is the index (patient-info). */
  path: string;
  label: string;
  icon: ReactElement;
  component: ComponentType<PatientTabProps>;
}
