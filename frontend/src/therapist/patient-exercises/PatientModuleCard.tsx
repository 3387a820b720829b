import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import ViewModuleOutlined from '@mui/icons-material/ViewModuleOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { AssignedModule } from '@consulta/shared';
import { PATIENT_DETAIL_EXERCISES_TEXT } from '../../i18n/es/patient-detail-exercises';
import { EXERCISE_WIDGETS_TEXT } from '../../i18n/es/patient-exercises';
import { formatDateEs } from '../../i18n/format';

const T = PATIENT_DETAIL_EXERCISES_TEXT;

/** A module assigned to the patient: its exercises, how many the patient completed, when, and 'Desasignar'. */
export function PatientModuleCard({ module, onUnassign }: { module: AssignedModule; onUnassign: (module: AssignedModule) => void }) {
  const total = module.ejercicios_count;
  return (
    <Card component="li" variant="outlined" aria-label={module.titulo} sx={{ display: 'flex' }}>
      <CardContent sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 0.5 }}>
          <ViewModuleOutlined color="secondary" />
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {module.titulo}
          </Typography>
        </Box>
        {module.descripcion && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
            {module.descripcion}
          </Typography>
        )}
        <Typography variant="body2">{T.modules.exercisesCount(total)}</Typography>
        {total > 0 && (
          <LinearProgress
            variant="determinate"
            color="success"
            value={Math.min(100, (module.completados / total) * 100)}
            aria-label={T.modules.completedCount(module.completados, total)}
            sx={{ my: 0.75, height: 6, borderRadius: 3 }}
          />
        )}
        <Typography variant="caption" color="text.secondary" component="p">
          {T.modules.completedCount(module.completados, total)}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {EXERCISE_WIDGETS_TEXT.assignedOn(formatDateEs(module.asignado_en))}
        </Typography>
      </CardContent>
      <Box sx={{ p: 1 }}>
        <Tooltip title={T.unassign.confirm}>
          <IconButton aria-label={T.modules.unassign(module.titulo)} onClick={() => onUnassign(module)} sx={{ width: 44, height: 44 }}>
            <LinkOffOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    </Card>
  );
}
