import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PATIENTS_TEXT } from '../../i18n/es/patients';

const T = PATIENTS_TEXT.delete;

/** Delete confirmation: the patient and all associated data are removed permanently. */
export function DeletePatientDialog({
  name,
  open,
  deleting,
  onCancel,
  onConfirm,
}: {
  name: string;
  open: boolean;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  // Keep the name while the dialog fades out after closing.
  const [shownName, setShownName] = useState(name);
  if (name && name !== shownName) setShownName(name);
  return (
    <ConfirmDialog id="delete-patient" open={open} title={T.title} busy={deleting} onCancel={onCancel} onConfirm={onConfirm}>
      <Typography>
        {T.before}
        <strong>{shownName}</strong>
        {T.after}
      </Typography>
    </ConfirmDialog>
  );
}
