import FormControl, { type FormControlProps } from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type ChangeEventHandler, type ReactNode } from 'react';

export interface OutlinedTextFieldProps extends Omit<FormControlProps, 'onChange' | 'children' | 'variant'> {
  label: ReactNode;
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  type?: string;
  autoComplete?: string;
  helperText?: ReactNode;
  endAdornment?: ReactNode;
  /** Attributes of the <input> itself (minLength, ...). */
  htmlInput?: InputBaseComponentProps;
}

/**
 * MUI's outlined TextField, the same markup (label, notched outline, helper text, their ids), without the select
 * mode every TextField carries: its menu, popover and modal are ~13 KB on the wire the sign-in pages do not need.
 */
export function OutlinedTextField({
  label,
  value,
  onChange,
  type,
  autoComplete,
  helperText,
  endAdornment,
  htmlInput,
  className,
  ...control
}: OutlinedTextFieldProps) {
  const id = useId();
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl {...control} variant="outlined" className={className ? `MuiTextField-root ${className}` : 'MuiTextField-root'}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        type={type}
        autoComplete={autoComplete}
        value={value}
        onChange={onChange}
        aria-describedby={helperTextId}
        endAdornment={endAdornment}
        inputProps={htmlInput}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
