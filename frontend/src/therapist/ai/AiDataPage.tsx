import { AiDataView } from '../../shell/AiDataView';
import { AI_DATA_TEXT } from '../../i18n/es/ai-data';

/** 'Qué se envía a la IA' for the practice: every AI feature. */
export function AiDataPage() {
  return <AiDataView text={AI_DATA_TEXT} />;
}
