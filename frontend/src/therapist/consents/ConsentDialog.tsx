import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  CONSENT_FORM_LABELS,
  CONSENT_KIND_LABELS,
  CONSENT_NOTE_MAX,
  RECORDABLE_CONSENT_FORMS,
  blankToNull,
  type ConsentKind,
} from '@consulta/shared';
import { useState } from 'react';
import { useUnsavedChanges } from '../../components/unsaved/useUnsavedChanges';
import { CONSENT_TEXT as T } from '../../i18n/es/consents';
import { DialogActionBar } from '../../components/DialogActionBar';
import { TitledDialog } from '../../components/TitledDialog';

type RecordableForm = (typeof RECORDABLE_CONSENT_FORMS)[number];
export interface ConsentDialogAsk {
  kind: ConsentKind;
  action: 'grant' | 'revoke';
}

/** Recording or revoking one consent: how the patient gave or withdrew it, and an optional note (confirmation). */
export function ConsentDialog({
  ask,
  saving,
  onCancel,
  onConfirm,
}: {
  ask: ConsentDialogAsk | null;
  saving: boolean;
  onCancel: () => void;
  onConfirm: (forma: RecordableForm, nota: string | null) => void;
}) {
  // Fresh for each question: the caller keys the dialog by it.
  const [firstForma] = useState<RecordableForm>(ask?.action === 'revoke' ? 'verbal' : 'escrito');
  const [forma, setForma] = useState(firstForma);
  const [nota, setNota] = useState('');
  const leave = useUnsavedChanges({ dirty: ask !== null && !saving && (nota.trim() !== '' || forma !== firstForma) });
  const cancel = () => !saving && leave.confirm(onCancel);
  const kind = ask ? CONSENT_KIND_LABELS[ask.kind] : '';
  const revoking = ask?.action === 'revoke';
  return (
    <TitledDialog
      id="consent-dialog"
      title={revoking ? T.revokeTitle(kind) : T.recordTitle(kind)}
      described
      open={ask !== null}
      onClose={cancel}
      maxWidth="xs"
    >
      <DialogContent>
        <DialogContentText id="consent-dialog-text" sx={{ mb: 2 }}>
          {revoking ? T.revokeText : T.recordHint}
        </DialogContentText>
        <TextField
          select
          fullWidth
          label={T.form}
          value={forma}
          onChange={(e) => setForma(e.target.value as RecordableForm)}
          sx={{ mb: 2 }}
        >
          {RECORDABLE_CONSENT_FORMS.map((f) => (
            <MenuItem key={f} value={f}>
              {CONSENT_FORM_LABELS[f]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          fullWidth
          multiline
          minRows={2}
          label={T.note}
          value={nota}
          onChange={(e) => setNota(e.target.value)}
          slotProps={{ htmlInput: { maxLength: CONSENT_NOTE_MAX } }}
        />
      </DialogContent>
      <DialogActionBar
        sx={{ pt: 1, pb: 2.5 }}
        onCancel={cancel}
        cancelLabel={T.cancel}
        busy={saving}
        color={revoking ? 'error' : 'primary'}
        onSubmit={() => onConfirm(forma, blankToNull(nota))}
        label={revoking ? T.revoke : T.record}
        busyLabel={T.saving}
      />
      {leave.prompt}
    </TitledDialog>
  );
}
