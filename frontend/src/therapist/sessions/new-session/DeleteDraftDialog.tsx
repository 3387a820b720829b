import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { SessionDraft } from '@consulta/shared';
import { useState } from 'react';
import { draftTitle, shortDraftId } from './draftFormat';

/** Confirms deleting a draft: what it holds is lost. */
export function DeleteDraftDialog({
  draft,
  deleting,
  onCancel,
  onConfirm,
}: {
  draft: SessionDraft | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  // Keep the text while the dialog fades out.
  const [shown, setShown] = useState(draft);
  if (draft && draft !== shown) setShown(draft);
  return (
    <Dialog open={Boolean(draft)} onClose={() => !deleting && onCancel()} maxWidth="xs" fullWidth aria-labelledby="delete-draft-title" aria-describedby="delete-draft-text">
      <DialogTitle id="delete-draft-title">¿Eliminar borrador?</DialogTitle>
      <DialogContent>
        <Typography id="delete-draft-text">
          Se eliminará <strong>{shown ? draftTitle(shown) : ''}</strong> ({shown ? shortDraftId(shown.id) : ''}) con todo lo que contiene. Esta acción no se
          puede deshacer.
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
