import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DIAL_CODES } from '@consulta/shared';
import { TEXT } from '../i18n/es/app';

/** The country dial-code select of the phone fields; shows only the code once chosen. */
export function DialCodeSelect({ id, value, onChange }: { id: string; value: string; onChange: (code: string) => void }) {
  return (
    <TextField
      select
      label={TEXT.phone.dialCode}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      id={id}
      slotProps={{ select: { renderValue: (code) => String(code), MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
    >
      {DIAL_CODES.map((d) => (
        <MenuItem key={d.code} value={d.code}>
          {d.code} {d.country}
        </MenuItem>
      ))}
    </TextField>
  );
}
