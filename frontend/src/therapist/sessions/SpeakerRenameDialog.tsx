import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TRANSCRIPT_LIMITS } from '@consulta/shared';
import { useState, type FormEvent } from 'react';
import { WORKSPACE_TEXT } from '../../i18n/es/workspace';
import { speakerNameProblem } from './transcriptEdit';
import { DialogActionBar } from '../../components/DialogActionBar';
import { TitledDialog } from '../../components/TitledDialog';

const T = WORKSPACE_TEXT.ai;

function RenameForm({ speaker, onCancel, onRename }: { speaker: string; onCancel: () => void; onRename: (name: string) => void }) {
  const [name, setName] = useState(speaker);
  const [touched, setTouched] = useState(false);
  const problem = speakerNameProblem(name);

  function submit(event: FormEvent) {
    event.preventDefault();
    // The session form around the transcript must not see this submit (React events cross the dialog's portal).
    event.stopPropagation();
    setTouched(true);
    if (!problem) onRename(name.trim());
  }

  return (
    // Enter submits this form: the session form's keys handling (it keeps Enter from saving) stays out. Escape goes
    // on to the dialog, which closes.
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      onKeyDown={(e) => e.key !== 'Escape' && e.stopPropagation()}
      sx={{ display: 'contents' }}
    >
      <DialogContent>
        <Typography variant="body2" color="text.secondary" id="rename-speaker-text" sx={{ mb: 2 }}>
          {T.renameText(speaker)}
        </Typography>
        <TextField
          label={T.renameField}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && problem !== null}
          helperText={touched ? problem : null}
          autoFocus
          fullWidth
          slotProps={{ htmlInput: { maxLength: TRANSCRIPT_LIMITS.speakerLabelMax + 10 } }}
        />
      </DialogContent>
      <DialogActionBar sx={{ pt: 1, pb: 2.5 }} onCancel={onCancel} label={T.rename} />
    </Box>
  );
}

/** 'Renombrar hablante': a speaker's new name, for every turn of theirs. Open while `speaker` is set. */
export function SpeakerRenameDialog({
  speaker,
  onCancel,
  onRename,
}: {
  speaker: string | null;
  onCancel: () => void;
  onRename: (name: string) => void;
}) {
  return (
    <TitledDialog id="rename-speaker" title={T.renameTitle} described open={speaker !== null} onClose={onCancel} maxWidth="xs">
      {speaker !== null && <RenameForm key={speaker} speaker={speaker} onCancel={onCancel} onRename={onRename} />}
    </TitledDialog>
  );
}
