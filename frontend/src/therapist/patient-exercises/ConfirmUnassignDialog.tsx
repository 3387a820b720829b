import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { PATIENT_DETAIL_EXERCISES_TEXT } from '../../i18n/es/patient-detail-exercises';

const T = PATIENT_DETAIL_EXERCISES_TEXT.unassign;

interface ConfirmUnassignDialogProps {
  /** Prefix of the title's and the text's element ids. */
  id: string;
  open: boolean;
  title: string;
  /** The item unassigned, then what it takes with it: one paragraph each. */
  subject: string;
  lines: readonly string[];
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The confirmation before taking an exercise or a module off the patient: what goes, 'Cancelar' and 'Desasignar'. */
export function ConfirmUnassignDialog({ id, open, title, subject, lines, busy, onCancel, onConfirm }: ConfirmUnassignDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onCancel()}
      maxWidth="xs"
      fullWidth
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <Box id={`${id}-text`} sx={{ display: 'grid', gap: 1 }}>
          <DialogContentText sx={{ fontWeight: 600, color: 'text.primary', overflowWrap: 'anywhere' }}>{subject}</DialogContentText>
          {lines.map((line) => (
            <DialogContentText key={line}>{line}</DialogContentText>
          ))}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onCancel} disabled={busy} color="inherit" autoFocus>
          {T.cancel}
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={onConfirm}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <LinkOffOutlined />}
        >
          {busy ? T.confirming : T.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
