import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { MSG, SESSION_LIMITS } from '@consulta/shared';
import { useState, type FormEvent } from 'react';
import { reportError } from '../../app/core/reportError';
import { useUnsavedChanges } from '../../components/unsaved/useUnsavedChanges';
import { WORKSPACE_TEXT } from '../../i18n/es/workspace';
import { DialogActionBar } from '../../components/DialogActionBar';

const T = WORKSPACE_TEXT.ai;

function PublishForm({
  text,
  setText,
  publishing,
  setPublishing,
  onClose,
  onCancel,
  onPublish,
}: {
  /** Held by the dialog, which asks before closing over unsaved changes. */
  text: string;
  setText: (text: string) => void;
  /** Held by the dialog: it does not close while publishing. */
  publishing: boolean;
  setPublishing: (publishing: boolean) => void;
  onClose: () => void;
  /** 'Cancelar': asks first when the text changed. */
  onCancel: () => void;
  onPublish: (text: string) => Promise<void>;
}) {
  const empty = !text.trim();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (empty) return;
    setPublishing(true);
    try {
      await onPublish(text);
      onClose();
    } catch (error) {
      reportError(error, MSG.sessions.updateFailed);
    } finally {
      setPublishing(false);
    }
  }

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" id="publish-analysis-text" sx={{ mb: 2 }}>
          {T.publishText}
        </Typography>
        <TextField
          label={T.patientVersion}
          multiline
          minRows={8}
          maxRows={20}
          fullWidth
          value={text}
          onChange={(e) => setText(e.target.value)}
          disabled={publishing}
          error={empty}
          helperText={empty ? MSG.ai.noPatientVersion : undefined}
          slotProps={{ htmlInput: { maxLength: SESSION_LIMITS.longTextMax } }}
        />
      </DialogContent>
      <DialogActionBar onCancel={onCancel} busy={publishing} disabled={empty} label={T.publishConfirm} busyLabel={T.publishing} />
    </Box>
  );
}

/** 'Publicar para el paciente': the patient version, editable, then published (the patient can read it). */
export function PublishAnalysisDialog({
  open,
  initial,
  onClose,
  onPublish,
}: {
  open: boolean;
  /** The patient version as saved. */
  initial: string;
  onClose: () => void;
  onPublish: (text: string) => Promise<void>;
}) {
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const [publishing, setPublishing] = useState(false);
  // A fresh text at each opening.
  const [text, setText] = useState(initial);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setText(initial);
  }
  const leave = useUnsavedChanges({ dirty: open && !publishing && text !== initial });
  const cancel = () => !publishing && leave.confirm(onClose);
  return (
    <Dialog
      open={open}
      onClose={cancel}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      aria-labelledby="publish-analysis-title"
      aria-describedby="publish-analysis-text"
    >
      <DialogTitle id="publish-analysis-title">{T.publishTitle}</DialogTitle>
      {open && (
        <PublishForm
          text={text}
          setText={setText}
          publishing={publishing}
          setPublishing={setPublishing}
          onClose={onClose}
          onCancel={cancel}
          onPublish={onPublish}
        />
      )}
      {leave.prompt}
    </Dialog>
  );
}
