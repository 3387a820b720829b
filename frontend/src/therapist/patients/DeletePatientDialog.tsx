import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';

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
    <ConfirmDialog id="delete-patient" open={open} title="¿Eliminar paciente?" busy={deleting} onCancel={onCancel} onConfirm={onConfirm}>
      <Typography>
        Se eliminará permanentemente a <strong>{shownName}</strong> junto con todos sus datos asociados: sesiones, ejercicios, módulos y
        progreso. Esta acción no se puede deshacer.
      </Typography>
    </ConfirmDialog>
  );
}
