import { AiDataView } from '../../shell/AiDataView';
import { AI_DATA_PATIENT_TEXT } from '../../i18n/es/ai-data';

/** 'Qué se envía a la IA' for the patient: what their assistant sends about them. */
export function PatientAiDataPage() {
  return <AiDataView text={AI_DATA_PATIENT_TEXT} />;
}
