import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useFullScreenOnPhone } from '../../components/useFullScreenOnPhone';
import { EXERCISE_BANK_TEXT } from '../../i18n/es/exercise-bank';
import { formatDateEs } from '../../i18n/format';

const T = EXERCISE_BANK_TEXT.detail;

interface BankDetailDialogProps {
  id: string;
  title: string;
  fechaCreacion: string;
  fechaActualizacion: string;
  onEdit: () => void;
  onClose: () => void;
  /** The dialog's blocks (DetailBlock), divided. */
  children: ReactNode;
}

/** 'Ver detalles' of a bank exercise or module: its blocks, its dates, 'Editar' and 'Cerrar'. */
export function BankDetailDialog({ id, title, fechaCreacion, fechaActualizacion, onEdit, onClose, children }: BankDetailDialogProps) {
  const fullScreen = useFullScreenOnPhone();
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`} sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5} divider={<Divider flexItem />}>
          {children}
        </Stack>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 2.5 }}>
          {T.dates(formatDateEs(fechaCreacion), formatDateEs(fechaActualizacion))}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onEdit} sx={{ minHeight: 44 }}>
          {T.edit}
        </Button>
        <Button onClick={onClose} variant="contained" sx={{ minHeight: 44 }}>
          {T.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
