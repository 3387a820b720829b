import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MSG, SESSION_LIMITS } from '@consulta/shared';
import { useState, type FormEvent } from 'react';
import { reportError } from '../../app/core/reportError';
import { useUnsavedChanges } from '../../components/unsaved/useUnsavedChanges';
import { WORKSPACE_TEXT } from '../../i18n/es/workspace';
import { DialogActionBar } from '../../components/DialogActionBar';
import { TitledDialog } from '../../components/TitledDialog';

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
    <TitledDialog id="publish-analysis" title={T.publishTitle} described open={open} onClose={cancel} fullScreenOnPhone maxWidth="md">
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
    </TitledDialog>
  );
}
