import SearchOutlined from '@mui/icons-material/SearchOutlined';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

/** A small text field with the search icon that filters a list as one types; gives the text itself. */
export function FilterField({
  value,
  onChange,
  ...field
}: Omit<TextFieldProps, 'value' | 'onChange' | 'slotProps'> & { value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      size="small"
      {...field}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchOutlined fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
