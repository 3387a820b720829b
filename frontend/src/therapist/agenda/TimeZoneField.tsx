import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { AGENDA_TEXT } from '../../i18n/es/agenda';
import { offsetMinutes, offsetText } from './zonedTime';

const T = AGENDA_TEXT.zoneField;

/** The zones the browser knows (IANA names), with `current` among them even if it does not list it (UTC). */
function zonesWith(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return current && !known.includes(current) ? [current, ...known] : known;
}

/** 'Zona horaria' of 'Mi Perfil': a searchable list of IANA zones, each with its offset now ('Europe/Madrid (UTC+01:00)'). */
export function TimeZoneField({ value, onChange, disabled }: { value: string; onChange: (zone: string) => void; disabled?: boolean }) {
  const zones = useMemo(() => zonesWith(value), [value]);
  // Each zone's offset today (it changes with summer time).
  const [now] = useState(() => Date.now());
  const labels = useMemo(() => new Map(zones.map((zone) => [zone, T.option(zone, offsetText(offsetMinutes(now, zone)))])), [zones, now]);
  return (
    <Autocomplete<string, false, true>
      options={zones}
      value={value}
      onChange={(_e, zone) => onChange(zone)}
      getOptionLabel={(zone) => labels.get(zone) ?? zone}
      disableClearable
      disabled={disabled}
      noOptionsText={T.noMatch}
      renderInput={(params) => <TextField {...params} label={T.label} helperText={T.help} />}
    />
  );
}
