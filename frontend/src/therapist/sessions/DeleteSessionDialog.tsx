import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { SessionSummary } from '@consulta/shared';
import { TEXT } from '../../i18n/es/app';
import { formatDateTimeEs } from '../../i18n/format';

const T = TEXT.sessions;

/**
 * Asks before deleting a session, saying it cannot be undone (spec 2 §5). `session` stays set while the dialog
 * fades out, so its text does not change on the way.
 */
export function DeleteSessionDialog({
  session: s,
  open,
  deleting,
  onCancel,
  onConfirm,
}: {
  session: SessionSummary | null;
  open: boolean;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: (session: SessionSummary) => void;
}) {
  return (
    <Dialog
      open={open && Boolean(s)}
      onClose={() => {
        if (!deleting) onCancel();
      }}
      maxWidth="xs"
      fullWidth
      aria-labelledby="delete-session-title"
      aria-describedby="delete-session-text"
    >
      <DialogTitle id="delete-session-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <WarningAmberOutlined color="error" />
        {s ? T.deleteTitle(s.numero_sesion) : ''}
      </DialogTitle>
      <DialogContent>
        <Box id="delete-session-text">
          <DialogContentText sx={{ mb: 1.5 }}>{s ? T.deleteText(s.numero_sesion, formatDateTimeEs(s.fecha)) : ''}</DialogContentText>
          <DialogContentText sx={{ fontWeight: 700, color: 'error.dark' }}>{T.cannotUndo}</DialogContentText>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={deleting} color="inherit" autoFocus>
          {TEXT.common.cancel}
        </Button>
        <Button
          onClick={() => s && onConfirm(s)}
          disabled={deleting}
          color="error"
          variant="contained"
          startIcon={deleting ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {deleting ? T.deleting : T.deleteConfirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
