import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { DetailBlock } from '../../components/DetailBlock';
import { EXERCISE_BANK_TEXT } from '../../i18n/es/exercise-bank';
import { formatDateEs } from '../../i18n/format';
import { TitledDialog } from '../../components/TitledDialog';

const T = EXERCISE_BANK_TEXT.detail;

interface BankDetailDialogProps {
  id: string;
  /** The exercise or module: its title heads the dialog, its dates close it. */
  item: { titulo: string; fecha_creacion: string; fecha_actualizacion: string };
  onEdit: () => void;
  onClose: () => void;
  /** The dialog's blocks (DetailBlock), divided. */
  children: ReactNode;
}

/** 'Ver detalles' of a bank exercise or module: its blocks, its dates, 'Editar' and 'Cerrar'. */
export function BankDetailDialog({ id, item, onEdit, onClose, children }: BankDetailDialogProps) {
  return (
    <TitledDialog id={id} title={item.titulo} titleSx={{ overflowWrap: 'anywhere' }} open onClose={onClose} fullScreenOnPhone maxWidth="sm">
      <DialogContent dividers>
        <Stack spacing={2.5} divider={<Divider flexItem />}>
          {children}
        </Stack>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 2.5 }}>
          {T.dates(formatDateEs(item.fecha_creacion), formatDateEs(item.fecha_actualizacion))}
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
    </TitledDialog>
  );
}

/** The description block of an exercise or a module ('Sin descripción' when there is none). */
export function BankDescription({ text }: { text: string | null }) {
  return (
    <DetailBlock title={T.description}>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text || EXERCISE_BANK_TEXT.card.noDescription}
      </Typography>
    </DetailBlock>
  );
}
