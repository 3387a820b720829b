import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { TEXT } from '../i18n/es/app';
import { FormProblems } from './forms/FormProblems';

export interface FormButtonsProps {
  onCancel: () => void;
  /** The request runs: both buttons are disabled and the submit button shows a spinner and `busyLabel`. */
  busy?: boolean;
  label: string;
  busyLabel?: string;
  /** Without it the submit button submits its form. */
  onSubmit?: () => void;
  /** Keeps the submit button disabled for another reason than `busy`. */
  disabled?: boolean;
  cancelLabel?: string;
  color?: ButtonProps['color'];
  /** The submit button's icon while it is not busy. */
  icon?: ReactNode;
}

/** A form's cancel and submit buttons, the submit one with its pending state. */
export function FormButtons({
  onCancel,
  busy = false,
  label,
  busyLabel = label,
  onSubmit,
  disabled = false,
  cancelLabel = TEXT.common.cancel,
  color,
  icon,
}: FormButtonsProps) {
  return (
    <>
      <Button onClick={onCancel} disabled={busy} color="inherit">
        {cancelLabel}
      </Button>
      <Button
        type={onSubmit ? 'button' : 'submit'}
        variant="contained"
        color={color}
        onClick={onSubmit}
        disabled={busy || disabled}
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : icon}
      >
        {busy ? busyLabel : label}
      </Button>
    </>
  );
}

/**
 * A dialog's action bar: what keeps a refused save from going through (`problems`, on a line of its own), then
 * cancel and submit. `before` stands before the buttons (a hint on why submitting waits).
 */
export function DialogActionBar({
  problems,
  before,
  sx,
  ...buttons
}: FormButtonsProps & { problems?: string | null; before?: ReactNode; sx?: SxProps<Theme> }) {
  const wraps = problems !== undefined;
  return (
    <DialogActions sx={[{ px: 3, py: 2 }, wraps && { flexWrap: 'wrap', rowGap: 1 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {wraps && <FormProblems summary={problems} sx={{ flexBasis: '100%', m: 0 }} />}
      {before}
      <FormButtons {...buttons} />
    </DialogActions>
  );
}
