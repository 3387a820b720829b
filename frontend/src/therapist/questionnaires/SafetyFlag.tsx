import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Chip from '@mui/material/Chip';
import { QUESTIONNAIRES_TEXT } from '../../i18n/es/questionnaires';

const T = QUESTIONNAIRES_TEXT.list;

/** The patient's flag while an answer that raised the safety alert is not reviewed (`alerta_seguridad`). */
export function SafetyFlag({ on }: { on: boolean }) {
  if (!on) return null;
  return (
    <Chip
      size="small"
      color="error"
      icon={<WarningAmberRounded />}
      label={T.alertShort}
      title={T.alert}
      aria-label={T.alert}
      data-testid="safety-flag"
    />
  );
}
