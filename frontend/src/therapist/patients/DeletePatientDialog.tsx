import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

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
    <Dialog
      open={open}
      onClose={() => !deleting && onCancel()}
      maxWidth="xs"
      fullWidth
      aria-labelledby="delete-patient-title"
      aria-describedby="delete-patient-text"
    >
      <DialogTitle id="delete-patient-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
        <Box sx={{ width: 36, height: 36, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: 'rgba(196,69,60,0.1)', color: 'error.main' }}>
          <WarningAmberRounded fontSize="small" />
        </Box>
        ¿Eliminar paciente?
      </DialogTitle>
      <DialogContent>
        <Typography id="delete-patient-text">
          Se eliminará permanentemente a <strong>{shownName}</strong> junto con todos sus datos asociados: sesiones,
          ejercicios, módulos y progreso. Esta acción no se puede deshacer.
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onCancel} disabled={deleting} color="inherit">
          Cancelar
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={onConfirm}
          disabled={deleting}
          startIcon={deleting ? <CircularProgress size={16} color="inherit" /> : <DeleteOutlined />}
        >
          {deleting ? 'Eliminando...' : 'Eliminar'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
