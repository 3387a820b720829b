import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ComingSoon } from '../../../components/ComingSoon';
import { TEXT } from '../../../i18n/es/app';
import type { PatientTabProps } from './tabs';

/** A patient section that arrives in a later release (exercises, modules, progress, AI chat). */
export function InPreparationTab({ patient, tab }: PatientTabProps) {
  return (
    <ComingSoon title={TEXT.patientDetail.inPreparation(tab.label)}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', mt: 2, color: 'text.secondary' }}>
        <AssignmentOutlined fontSize="small" />
        <Typography variant="body2">{TEXT.patientDetail.inPreparationHint(patient.nombre)}</Typography>
      </Stack>
    </ComingSoon>
  );
}
