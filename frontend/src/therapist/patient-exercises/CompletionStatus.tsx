import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlineOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AssignedExercise } from '@consulta/shared';
import { PATIENT_DETAIL_EXERCISES_TEXT as T } from '../../i18n/es/patient-detail-exercises';
import { formatDateEs } from '../../i18n/format';

/** 'Completado el {date}' or 'Pendiente', then the patient's notes when they left some. */
export function CompletionStatus({ exercise }: { exercise: Pick<AssignedExercise, 'completado' | 'fecha_completado' | 'notas_paciente'> }) {
  return (
    <Box>
      <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: exercise.completado ? 'success.main' : 'text.secondary' }}>
        {exercise.completado ? <CheckCircleOutlined fontSize="small" /> : <ScheduleOutlined fontSize="small" />}
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {exercise.completado ? T.completedOn(formatDateEs(exercise.fecha_completado)) : T.pending}
        </Typography>
      </Stack>
      {exercise.notas_paciente && (
        <Box sx={{ mt: 0.75, pl: 1.25, borderLeft: 3, borderColor: 'divider' }}>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ fontWeight: 600 }}>
            {T.patientNotes}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {exercise.notas_paciente}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
