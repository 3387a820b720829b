import DialogContentText from '@mui/material/DialogContentText';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';

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
    <ConfirmDialog
      id="confirm-replace"
      open={Boolean(question)}
      title={shown?.title}
      action={{ label: shown?.confirm ?? '', color: 'primary' }}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <DialogContentText>{shown?.text}</DialogContentText>
    </ConfirmDialog>
  );
}
