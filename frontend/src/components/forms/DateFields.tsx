import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { AdapterLuxon } from '@mui/x-date-pickers/AdapterLuxon';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { esES } from '@mui/x-date-pickers/locales';
import { DateTime } from 'luxon';
import type { ReactNode } from 'react';

/**
 * The one date, time and date-time field of every form: MUI X pickers in Spanish (dd/mm/aaaa, 24 h, the week from
 * Monday), typed section by section or chosen in a calendar. Each takes and gives the text the forms already hold
 * ('2026-03-15', '09:30', '2026-03-15T09:30', local wall time): '' when empty, 'invalid' while what is typed is no
 * date yet (the form's rules then answer their own message).
 */

const LOCALE_TEXT = esES.components.MuiLocalizationProvider.defaultProps.localeText;

export const INVALID_DATE = 'invalid';

const FORMATS = { date: 'yyyy-MM-dd', time: 'HH:mm', dateTime: "yyyy-MM-dd'T'HH:mm" } as const;
type Kind = keyof typeof FORMATS;

/** A form's text as the picker's value (null when empty or not a date). */
export function pickerValue(text: string | null | undefined, kind: Kind): DateTime | null {
  if (!text || text === INVALID_DATE) return null;
  const parsed = DateTime.fromFormat(kind === 'dateTime' ? text.slice(0, 16) : text.slice(0, kind === 'time' ? 5 : 10), FORMATS[kind], {
    locale: 'es',
  });
  return parsed.isValid ? parsed : null;
}

/** The picker's value as the form's text. */
export function pickerText(value: DateTime | null, kind: Kind): string {
  if (!value) return '';
  return value.isValid ? value.toFormat(FORMATS[kind]) : INVALID_DATE;
}

interface Common {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  /** The refused save's marker (components/forms). */
  'data-field'?: string;
  fullWidth?: boolean;
  /** Earliest and latest allowed, as the form's text. */
  min?: string;
  max?: string;
  /** The field's id (its label and help point at it). */
  id?: string;
}

function textFieldProps(p: Common) {
  return {
    textField: {
      required: p.required,
      error: p.error,
      helperText: p.helperText,
      fullWidth: p.fullWidth ?? true,
      id: p.id,
      ...(p['data-field'] ? { 'data-field': p['data-field'] } : {}),
    },
  };
}

function Spanish({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterLuxon} adapterLocale="es" localeText={LOCALE_TEXT}>
      {children}
    </LocalizationProvider>
  );
}

/** A date: '2026-03-15', shown and typed as 15/03/2026. */
export function DateInput(props: Common) {
  return (
    <Spanish>
      <DatePicker
        label={props.label}
        value={pickerValue(props.value, 'date')}
        onChange={(v) => props.onChange(pickerText(v, 'date'))}
        disabled={props.disabled}
        minDate={pickerValue(props.min, 'date') ?? undefined}
        maxDate={pickerValue(props.max, 'date') ?? undefined}
        format="dd/MM/yyyy"
        slotProps={textFieldProps(props)}
      />
    </Spanish>
  );
}

/** A time of day: '09:30', 24 h. */
export function TimeInput(props: Common) {
  return (
    <Spanish>
      <TimePicker
        label={props.label}
        value={pickerValue(props.value, 'time')}
        onChange={(v) => props.onChange(pickerText(v, 'time'))}
        disabled={props.disabled}
        ampm={false}
        format="HH:mm"
        slotProps={textFieldProps(props)}
      />
    </Spanish>
  );
}

/** A date and time: '2026-03-15T09:30', shown and typed as 15/03/2026 09:30. */
export function DateTimeInput(props: Common) {
  return (
    <Spanish>
      <DateTimePicker
        label={props.label}
        value={pickerValue(props.value, 'dateTime')}
        onChange={(v) => props.onChange(pickerText(v, 'dateTime'))}
        disabled={props.disabled}
        ampm={false}
        format="dd/MM/yyyy HH:mm"
        minDateTime={pickerValue(props.min, 'dateTime') ?? undefined}
        maxDateTime={pickerValue(props.max, 'dateTime') ?? undefined}
        slotProps={textFieldProps(props)}
      />
    </Spanish>
  );
}
