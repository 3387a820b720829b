import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { fileNameOfKey } from '@consulta/shared';
import { EXERCISE_WIDGETS_TEXT as T } from '../../i18n/es/patient-exercises';
import { FileTypeChip } from './ExerciseChips';
import { openFiles, type FileUrl } from './openFiles';

/**
 * An exercise's files (their storage keys, in order) and 'Ver Archivo', which opens them all (500 ms apart);
 * `onOpenFailed` tells the user when a file's URL cannot be had ('Error al acceder al archivo...').
 */
export function ExerciseMaterial({
  fileKeys,
  fileUrl,
  onOpenFailed,
}: {
  fileKeys: readonly string[];
  fileUrl: FileUrl;
  onOpenFailed: (error: unknown) => void;
}) {
  if (fileKeys.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {T.noFiles}
      </Typography>
    );
  }
  const open = () => {
    openFiles(fileKeys, fileUrl).catch(onOpenFailed);
  };
  return (
    <Box>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 1.5, display: 'grid', gap: 0.75 }}>
        {fileKeys.map((key) => (
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
