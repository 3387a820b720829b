import TextField from '@mui/material/TextField';
import { AGENDA_LIMITS } from '@consulta/shared';

/** The optional reason of a cancellation, as the therapist, the patient and a mailed link all ask it. */
export function CancelReasonField({
  label,
  helperText,
  value,
  onChange,
}: {
  label: string;
  helperText?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      multiline
      minRows={2}
      helperText={helperText}
      slotProps={{ htmlInput: { maxLength: AGENDA_LIMITS.reasonMax } }}
    />
  );
}
