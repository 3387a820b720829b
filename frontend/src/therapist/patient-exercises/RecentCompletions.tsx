import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlineOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AssignedExercise } from '@consulta/shared';
import { PATIENT_DETAIL_EXERCISES_TEXT } from '../../i18n/es/patient-detail-exercises';
import { formatDateEs } from '../../i18n/format';

const T = PATIENT_DETAIL_EXERCISES_TEXT;

/** 'Completados recientemente': the server's five latest completions, newest first, with the patient's notes. */
export function RecentCompletions({ items }: { items: readonly AssignedExercise[] }) {
  return (
    <Paper variant="outlined" component="section" aria-label={T.progress.recent} sx={{ p: { xs: 1.5, sm: 2.5 }, minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {T.progress.recent}
      </Typography>
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {T.progress.noRecent}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.25 }}>
          {items.map((item) => (
            <Box component="li" key={item.id} sx={{ display: 'flex', gap: 1.25, minWidth: 0 }}>
              <CheckCircleOutlined color="success" fontSize="small" sx={{ mt: 0.25 }} />
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {item.titulo}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  {T.completedOn(formatDateEs(item.fecha_completado))}
                </Typography>
                {item.notas_paciente && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {T.patientNotes}: {item.notas_paciente}
                  </Typography>
                )}
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
