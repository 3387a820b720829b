import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import {
  AGENDA_LIMITS,
  APPOINTMENT_MODES,
  APPOINTMENT_MODE_LABELS,
  APPOINTMENT_STATE_LABELS,
  SERIES_FREQUENCIES,
  SERIES_FREQUENCY_LABELS,
} from '@consulta/shared';
import { AGENDA_TEXT } from '../../i18n/es/agenda';
import { PatientPicker } from '../sessions/new-session/PatientPicker';
import { EDITABLE_STATES, type AppointmentErrors, type AppointmentForm, type RepeatEnd } from './appointmentForm';
import { DateInput, TimeInput } from '../../components/forms/DateFields';

const D = AGENDA_TEXT.dialog;

/**
 * The appointment dialog's fields: the patient and the repetition for a new one, the state for an existing one;
 * the start as a day and a time of the therapist's zone.
 */
export function AppointmentFields({
  form,
  errors,
  onChange,
  isNew,
  patientFixed,
  disabled,
}: {
  form: AppointmentForm;
  errors: AppointmentErrors;
  onChange: (next: AppointmentForm) => void;
  isNew: boolean;
  /** The dialog was opened for one patient (their 'Citas' tab): no picker. */
  patientFixed: boolean;
  disabled: boolean;
}) {
  const set = <K extends keyof AppointmentForm>(key: K, value: AppointmentForm[K]) => onChange({ ...form, [key]: value });
  const text = (key: 'fecha' | 'hora' | 'duracion_minutos' | 'lugar_o_enlace' | 'notas' | 'veces' | 'hasta') => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
    error: Boolean(errors[key]),
    helperText: errors[key],
    'data-field': key,
    disabled,
    fullWidth: true,
  });
  const picked = (key: 'fecha' | 'hora' | 'hasta') => ({
    value: form[key],
    onChange: (v: string) => set(key, v),
    error: Boolean(errors[key]),
    helperText: errors[key],
    disabled,
    'data-field': key,
  });
  const choice = <K extends 'modalidad' | 'estado' | 'repetir'>(key: K, id: string) => ({
    select: true,
    id,
    'data-field': key,
    value: form[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as AppointmentForm[K]),
    disabled,
    fullWidth: true,
  });
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
      {isNew && !patientFixed && (
        <Box sx={{ gridColumn: '1 / -1' }} data-field="paciente_id">
          <PatientPicker
            value={form.paciente_id || null}
            onChange={(id) => set('paciente_id', id ?? '')}
            disabled={disabled}
            error={errors.paciente_id}
          />
        </Box>
      )}
      <DateInput label={D.date} required {...picked('fecha')} />
      <TimeInput label={D.time} required {...picked('hora')} />
      <TextField
        label={D.duration}
        type="number"
        required
        {...text('duracion_minutos')}
        slotProps={{ htmlInput: { min: AGENDA_LIMITS.minMinutes, max: AGENDA_LIMITS.maxMinutes, step: 5, inputMode: 'numeric' } }}
      />
      <TextField label={D.mode} {...choice('modalidad', 'appointment-mode')}>
        {APPOINTMENT_MODES.map((mode) => (
          <MenuItem key={mode} value={mode}>
            {APPOINTMENT_MODE_LABELS[mode]}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <TextField
          label={D.place}
          {...text('lugar_o_enlace')}
          helperText={errors.lugar_o_enlace ?? D.placeHelp}
          slotProps={{ htmlInput: { maxLength: AGENDA_LIMITS.placeMax } }}
        />
      </Box>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <TextField
          label={D.notes}
          multiline
          minRows={2}
          {...text('notas')}
          helperText={errors.notas ?? D.notesHelp}
          slotProps={{ htmlInput: { maxLength: AGENDA_LIMITS.notesMax } }}
        />
      </Box>
      {!isNew && (
        <TextField label={D.state} {...choice('estado', 'appointment-state')} helperText={D.stateHelp}>
          {EDITABLE_STATES.map((state) => (
            <MenuItem key={state} value={state}>
              {APPOINTMENT_STATE_LABELS[state]}
            </MenuItem>
          ))}
        </TextField>
      )}
      {isNew && (
        <>
          <TextField label={D.repeat} {...choice('repetir', 'appointment-repeat')} sx={{ gridColumn: { sm: '1 / 2' } }}>
            <MenuItem value="no">{D.noRepeat}</MenuItem>
            {SERIES_FREQUENCIES.map((f) => (
              <MenuItem key={f} value={f}>
                {SERIES_FREQUENCY_LABELS[f]}
              </MenuItem>
            ))}
          </TextField>
          {form.repetir !== 'no' && (
            <Box
              sx={{ gridColumn: '1 / -1', display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, alignItems: 'start' }}
            >
              <FormControl disabled={disabled}>
                <FormLabel id="repeat-end-label">{D.repeatEnd}</FormLabel>
                <RadioGroup aria-labelledby="repeat-end-label" value={form.fin} onChange={(e) => set('fin', e.target.value as RepeatEnd)}>
                  <FormControlLabel value="veces" control={<Radio />} label={D.byCount} />
                  <FormControlLabel value="hasta" control={<Radio />} label={D.byDate} />
                </RadioGroup>
              </FormControl>
              {form.fin === 'veces' ? (
                <TextField
                  label={D.count}
                  type="number"
                  {...text('veces')}
                  helperText={errors.veces ?? D.countHelp(AGENDA_LIMITS.seriesMin, AGENDA_LIMITS.seriesMax)}
                  slotProps={{ htmlInput: { min: AGENDA_LIMITS.seriesMin, max: AGENDA_LIMITS.seriesMax, inputMode: 'numeric' } }}
                />
              ) : (
                <DateInput label={D.until} {...picked('hasta')} />
              )}
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
