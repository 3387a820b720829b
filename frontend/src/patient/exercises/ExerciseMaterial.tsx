import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { MSG, fileNameOfKey, type AssignedExercise } from '@consulta/shared';
import { FileTypeChip } from '../../components/exercises/ExerciseChips';
import { openFiles, type FileUrl } from '../../components/exercises/openFiles';
import { PATIENT_EXERCISES_TEXT } from '../../i18n/es/patient-exercises';
import { exerciseFileKeys } from './exerciseFiles';

const T = PATIENT_EXERCISES_TEXT.detail;

/** The exercise's files and 'Ver Archivo', which opens them all (500 ms apart). */
export function ExerciseMaterial({ exercise, fileUrl }: { exercise: AssignedExercise; fileUrl: FileUrl }) {
  const keys = exerciseFileKeys(exercise);
  if (keys.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {T.noFiles}
      </Typography>
    );
  }
  const open = () => {
    // Spec 2 §8: a failed file URL is only logged.
    openFiles(keys, fileUrl).catch((error: unknown) => console.error(MSG.exercises.fileOpenFailed, error));
  };
  return (
    <Box>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 1.5, display: 'grid', gap: 0.75 }}>
        {keys.map((key) => (
          <Box component="li" key={key} sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
            <FileTypeChip fileName={key} />
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {fileNameOfKey(key)}
            </Typography>
          </Box>
        ))}
      </Box>
      <Button variant="outlined" startIcon={<OpenInNew />} onClick={open} sx={{ minHeight: 44 }}>
        {T.openFiles}
      </Button>
    </Box>
  );
}
