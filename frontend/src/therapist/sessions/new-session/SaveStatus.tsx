import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { WORKSPACE_TEXT } from '../../../i18n/es/workspace';
import type { SaveState } from './draftAutosaver';
import { formatTimeEs } from './draftFormat';

const T = WORKSPACE_TEXT.newSession;

function line(save: SaveState): { icon: ReactNode; text: string; color: string } {
  switch (save.kind) {
    case 'saving':
      return { icon: <CircularProgress size={14} color="inherit" />, text: T.saving, color: 'text.secondary' };
    case 'saved':
      return { icon: <CheckCircleOutlined sx={{ fontSize: 16 }} />, text: T.savedAt(formatTimeEs(save.at)), color: 'success.main' };
    case 'pending':
      return { icon: <EditNoteOutlined sx={{ fontSize: 16 }} />, text: T.unsaved, color: 'text.secondary' };
    case 'error':
      return {
        icon: <CloudOffOutlined sx={{ fontSize: 16 }} />,
        text: save.detail ? `${T.draftSaveFailed}: ${save.detail}` : T.saveFailed,
        color: 'error.main',
      };
    default:
      return { icon: null, text: T.notYetSaved, color: 'text.secondary' };
  }
}

/** The auto-save's state in one line: 'Guardando…', 'Borrador guardado hh:mm', or why it failed. */
export function SaveStatus({ save }: { save: SaveState }) {
  const { icon, text, color } = line(save);
  return (
    <Stack
      direction="row"
      spacing={0.75}
      role="status"
      aria-live="polite"
      data-testid="draft-save-status"
      sx={{ alignItems: 'center', color, minHeight: 20 }}
    >
      {icon}
      <Typography variant="caption" sx={{ color: 'inherit', fontWeight: 500 }}>
        {text}
      </Typography>
    </Stack>
  );
}
