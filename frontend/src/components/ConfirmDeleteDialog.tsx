import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';

/**
 * The one confirmation before a deletion (spec 2 §5: it says the deletion cannot be undone): a warning title,
 * what goes, 'Cancelar' and 'Eliminar'. The caller keeps its text while the dialog fades out after closing.
 */
export function ConfirmDeleteDialog({
  id,
  open,
  title,
  children,
  deleting,
  onCancel,
  onConfirm,
}: {
  /** Prefix of the title's and the text's element ids. */
  id: string;
  open: boolean;
  title: ReactNode;
  /** What is deleted, ending with the fact that it cannot be undone. */
  children: ReactNode;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={() => !deleting && onCancel()}
      maxWidth="xs"
      fullWidth
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
    >
      <DialogTitle id={`${id}-title`} sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
        <Box
          sx={{
            width: 36,
            height: 36,
            flexShrink: 0,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'rgba(196,69,60,0.1)',
            color: 'error.main',
          }}
        >
          <WarningAmberRounded fontSize="small" />
        </Box>
        {title}
      </DialogTitle>
      <DialogContent>
        <Box id={`${id}-text`}>{children}</Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onCancel} disabled={deleting} color="inherit" autoFocus>
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
