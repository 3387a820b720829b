import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { SESSION_LIMITS, type SessionFieldDefinition } from '@consulta/shared';
import { useId } from 'react';
import { WORKSPACE_TEXT } from '../../i18n/es/workspace';
import { markOf, multiline, type Marks } from './sessionFieldParts';
import { customFieldName, type FieldValue } from './sessionForm';

const S = WORKSPACE_TEXT.sessions;

/** One field of a custom session type, as its definition says (text, long text, number, choice or checkbox). */
export function CustomField({
  campo,
  value,
  disabled,
  describedBy,
  marks,
  onChange,
}: {
  campo: SessionFieldDefinition;
  value: FieldValue | undefined;
  disabled?: boolean;
  /** The id of the custom fields' audience marker. */
  describedBy: string;
  marks: Marks;
  onChange: (value: FieldValue) => void;
}) {
  const id = useId();
  const text = typeof value === 'string' ? value : '';
  const mark = markOf(marks)(customFieldName(campo.nombre));
  const described = { 'aria-describedby': mark.helperText ? `${describedBy} ${id}-helper-text` : describedBy };
  const common = {
    id,
    ...mark,
    label: campo.nombre,
    required: campo.requerido,
    disabled,
    placeholder: campo.placeholder ?? undefined,
    fullWidth: true,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
  };
  switch (campo.tipo) {
    case 'checkbox':
      return (
        <FormControl error={'error' in mark && mark.error} data-field={customFieldName(campo.nombre)}>
          <FormControlLabel
            required={campo.requerido}
            disabled={disabled}
            control={
              <Checkbox
                checked={value === true}
                onChange={(e) => onChange(e.target.checked)}
                slotProps={{ input: { ...described, 'aria-invalid': 'error' in mark && mark.error } }}
              />
            }
            label={campo.nombre}
          />
          {mark.helperText && <FormHelperText id={`${id}-helper-text`}>{mark.helperText}</FormHelperText>}
        </FormControl>
      );
    case 'select':
      return (
        <TextField
          {...common}
          select
          value={campo.opciones.includes(text) ? text : ''}
          slotProps={{ select: { SelectDisplayProps: described } }}
        >
          <MenuItem value="">
            <em>{S.form.notSelected}</em>
          </MenuItem>
          {campo.opciones.map((o) => (
            <MenuItem key={o} value={o}>
              {o}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'number':
      return <TextField {...common} value={text} slotProps={{ htmlInput: { inputMode: 'decimal', ...described } }} />;
    case 'textarea':
      return (
        <TextField
          {...common}
          {...multiline(3)}
          value={text}
          slotProps={{ htmlInput: { maxLength: SESSION_LIMITS.fieldValueMax, ...described } }}
        />
      );
    default:
      return <TextField {...common} value={text} slotProps={{ htmlInput: { maxLength: SESSION_LIMITS.fieldValueMax, ...described } }} />;
  }
}
