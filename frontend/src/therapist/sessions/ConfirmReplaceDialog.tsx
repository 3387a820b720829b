import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { TEXT } from '../../i18n/es/app';

export interface ReplaceQuestion {
  title: string;
  text: string;
  /** The button that goes ahead: the action's own label ('Transcribir de nuevo'). */
  confirm: string;
}

/** Asks before a job replaces what is there (a transcript, analyses): 'Cancelar' or the action itself. */
export function ConfirmReplaceDialog({
  question,
  onCancel,
  onConfirm,
}: {
  /** Open while set. */
  question: ReplaceQuestion | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  // Keep the text while the dialog fades out.
  const [shown, setShown] = useState(question);
  if (question && question !== shown) setShown(question);
  return (
    <Dialog
      open={Boolean(question)}
      onClose={onCancel}
      maxWidth="xs"
      fullWidth
      aria-labelledby="confirm-replace-title"
      aria-describedby="confirm-replace-text"
    >
      <DialogTitle id="confirm-replace-title">{shown?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-replace-text">{shown?.text}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onCancel} color="inherit" autoFocus>
          {TEXT.common.cancel}
        </Button>
        <Button variant="contained" onClick={onConfirm}>
          {shown?.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
