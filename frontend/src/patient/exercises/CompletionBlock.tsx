import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { EXERCISE_LIMITS, type AssignedExercise } from '@consulta/shared';
import { PATIENT_EXERCISES_TEXT } from '../../i18n/es/patient-exercises';
import { formatDateTimeEs } from '../../i18n/format';

const T = PATIENT_EXERCISES_TEXT.detail;

interface CompletionBlockProps {
  exercise: AssignedExercise;
  busy: boolean;
  onComplete: (notes: string) => void;
  onUncomplete: () => void;
}

/** Pending: optional notes and 'Marcar como completado'. Completed: the date, the notes read-only and 'Desmarcar'. */
export function CompletionBlock({ exercise, busy, onComplete, onUncomplete }: CompletionBlockProps) {
  const [notes, setNotes] = useState('');
  if (exercise.completado) {
    return (
      <Box>
        <Alert severity="success" sx={{ mb: 1.5 }}>
          {T.completedOn(formatDateTimeEs(exercise.fecha_completado))}
        </Alert>
        {exercise.notas_paciente && (
          <Box sx={{ mb: 1.5 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {T.yourNotes}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="completion-notes">
              {exercise.notas_paciente}
            </Typography>
          </Box>
        )}
        {exercise.retirado ? (
          <Typography variant="body2" color="text.secondary">
            {T.retired}
          </Typography>
        ) : (
          <Button variant="outlined" onClick={onUncomplete} disabled={busy} sx={{ minHeight: 44 }}>
            {T.uncomplete}
          </Button>
        )}
      </Box>
    );
  }
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {T.pending}
      </Typography>
      <TextField
        label={T.notesLabel}
        helperText={T.notesHelp}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        multiline
        minRows={3}
        fullWidth
        slotProps={{ htmlInput: { maxLength: EXERCISE_LIMITS.notesMax } }}
      />
      <Button variant="contained" color="success" onClick={() => onComplete(notes)} disabled={busy} sx={{ mt: 1.5, minHeight: 44 }}>
        {T.complete}
      </Button>
    </Box>
  );
}
