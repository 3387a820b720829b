import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactElement, ReactNode } from 'react';
import { TEXT } from '../i18n/es/app';
import { FormProblems } from './forms/FormProblems';

/** The button that goes ahead, when it is not a deletion's 'Eliminar'. */
export interface ConfirmAction {
  label: string;
  /** Its label while busy (else the label stays). */
  busyLabel?: string;
  /** Shown before the label (a spinner while busy). */
  icon?: ReactElement;
  /** 'error' for what takes something away; 'primary' for what only replaces it. */
  color: 'error' | 'primary';
}

const DELETE: ConfirmAction = { label: TEXT.common.delete, busyLabel: TEXT.common.deleting, icon: <DeleteOutlined />, color: 'error' };

/**
 * The one confirmation dialog: a title, what happens, 'Cancelar' (or `cancelLabel`) and the action. Without `action` it confirms a
 * deletion (the text says it cannot be undone): a warning sign before the title and 'Eliminar'. The
 * caller keeps its text while the dialog fades out after closing.
 */
export function ConfirmDialog({
  id,
  open,
  title,
  children,
  action,
  cancelLabel = TEXT.common.cancel,
  busy = false,
  problems,
  onCancel,
  onConfirm,
}: {
  /** Prefix of the title's and the text's element ids. */
  id: string;
  open: boolean;
  title: ReactNode;
  /** What happens; a deletion's ends with the fact that it cannot be undone. */
  children: ReactNode;
  action?: ConfirmAction;
  /** The button that goes back ('Cancelar' unless said otherwise). */
  cancelLabel?: string;
  busy?: boolean;
  /** What keeps the action from going through (components/forms), on a line of its own above the buttons. */
  problems?: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { label, busyLabel = label, icon, color } = action ?? DELETE;
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onCancel()}
      maxWidth="xs"
      fullWidth
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
    >
      <DialogTitle id={`${id}-title`} sx={action ? undefined : { display: 'flex', alignItems: 'center', gap: 1.25 }}>
        {!action && (
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
        )}
        {title}
      </DialogTitle>
      <DialogContent>
        <Box id={`${id}-text`}>{children}</Box>
      </DialogContent>
      {/* A long action label goes under 'Cancelar' on a phone. */}
      <DialogActions disableSpacing sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
        <FormProblems summary={problems ?? null} sx={{ flexBasis: '100%', m: 0 }} />
        <Button onClick={onCancel} disabled={busy} color="inherit" autoFocus>
          {cancelLabel}
        </Button>
        <Button
          variant="contained"
          color={color}
          onClick={onConfirm}
          disabled={busy}
          startIcon={icon && (busy ? <CircularProgress size={16} color="inherit" /> : icon)}
        >
          {busy ? busyLabel : label}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
