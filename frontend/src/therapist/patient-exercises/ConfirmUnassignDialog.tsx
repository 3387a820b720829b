import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import Box from '@mui/material/Box';
import DialogContentText from '@mui/material/DialogContentText';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PATIENT_DETAIL_EXERCISES_TEXT } from '../../i18n/es/patient-detail-exercises';

const T = PATIENT_DETAIL_EXERCISES_TEXT.unassign;

interface ConfirmUnassignDialogProps {
  /** Prefix of the title's and the text's element ids. */
  id: string;
  open: boolean;
  title: string;
  /** The item unassigned, then what it takes with it: one paragraph each. */
  subject: string;
  lines: readonly string[];
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The confirmation before taking an exercise or a module off the patient: what goes, 'Cancelar' and 'Desasignar'. */
export function ConfirmUnassignDialog({ id, open, title, subject, lines, busy, onCancel, onConfirm }: ConfirmUnassignDialogProps) {
  return (
    <ConfirmDialog
      id={id}
      open={open}
      title={title}
      action={{ label: T.confirm, busyLabel: T.confirming, icon: <LinkOffOutlined />, color: 'error' }}
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <Box sx={{ display: 'grid', gap: 1 }}>
        <DialogContentText sx={{ fontWeight: 600, color: 'text.primary', overflowWrap: 'anywhere' }}>{subject}</DialogContentText>
        {lines.map((line) => (
          <DialogContentText key={line}>{line}</DialogContentText>
        ))}
      </Box>
    </ConfirmDialog>
  );
}
