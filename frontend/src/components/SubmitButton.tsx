import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/** A form's submit button: disabled with a spinner and `busyLabel` while the request runs. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  ...props
}: { busy: boolean; label: string; busyLabel: string } & Omit<ButtonProps, 'type'>) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      disabled={busy}
      startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
      {...props}
    >
      {busy ? busyLabel : label}
    </Button>
  );
}
