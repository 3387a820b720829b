import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AGE_MAX, AGE_MIN, EDUCATION_LEVELS, MARITAL_STATUSES, PHONE_MAX_DIGITS, typedPhone } from '@consulta/shared';
import type { ReactNode } from 'react';
import { DialCodeSelect } from '../DialCodeSelect';
import { TriStateCheckbox } from '../TriStateCheckbox';
import { PATIENT_PROFILE_TEXT as T } from '../../i18n/es/patient-profile';
import { todayIsoDate } from '../../i18n/format';
import { BLOCKED_AGE_KEYS, type CreatePatientErrors, type CreatePatientForm } from './patientProfileForm';
import { DateInput } from '../forms/DateFields';

/** A titled group of form fields (a fieldset with its legend). */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 3, minWidth: 0 }}>
      <Typography
        component="legend"
        variant="overline"
        sx={{ color: 'primary.main', fontWeight: 700, letterSpacing: '0.08em', mb: 1.5, p: 0 }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 } as const;

/**
 * The patient's profile fields, shared by 'Nuevo Paciente' and the invited registration.
 * `email` and `phone` say whether those fields are asked; `consentLabel` is worded for whoever fills the form.
 */
export function PatientProfileFields({
  form,
  errors,
  update,
  email = true,
  phone = true,
  consentLabel = T.consent,
  children,
}: {
  form: CreatePatientForm;
  errors: CreatePatientErrors;
  update: <K extends keyof CreatePatientForm>(key: K, value: CreatePatientForm[K]) => void;
  email?: boolean;
  phone?: boolean;
  consentLabel?: string;
  /** Extra content at the end of the personal-data section (e.g. the password of a registration). */
  children?: ReactNode;
}) {
  const text = (key: keyof CreatePatientForm) => ({
    value: form[key] as string,
    onChange: (e: { target: { value: string } }) => update(key, e.target.value as never),
    error: Boolean(errors[key]),
    helperText: errors[key],
    'data-field': key,
    fullWidth: true,
  });

  return (
    <>
      <FormSection title={T.personal}>
        <Box sx={grid}>
          <TextField label={T.nombre} required autoFocus autoComplete="given-name" {...text('nombre')} />
          <TextField label={T.apellido} required autoComplete="family-name" {...text('apellido')} />
          {email && <TextField label={T.email} type="email" required autoComplete="off" {...text('email')} />}
          {phone && (
            <Box sx={{ display: 'grid', gridTemplateColumns: '108px 1fr', gap: 1 }}>
              <DialCodeSelect id="create-patient-dial-code" value={form.dialCode} onChange={(code) => update('dialCode', code)} />
              <TextField
                label={T.phone}
                required
                type="tel"
                autoComplete="off"
                value={form.telefono}
                data-field="telefono"
                onChange={(e) => {
                  // A number typed with its own code ('+34 612…') keeps it: the select follows.
                  const typed = typedPhone(e.target.value, form.dialCode);
                  if (typed.dialCode !== form.dialCode) update('dialCode', typed.dialCode);
                  update('telefono', typed.digits.slice(0, PHONE_MAX_DIGITS + 4));
                }}
                error={Boolean(errors.telefono)}
                helperText={errors.telefono ?? T.phoneHelp}
                slotProps={{ htmlInput: { inputMode: 'tel' } }}
              />
            </Box>
          )}
          <TextField
            label={T.age}
            type="number"
            {...text('edad')}
            onKeyDown={(e) => {
              if (BLOCKED_AGE_KEYS.includes(e.key)) e.preventDefault();
            }}
            slotProps={{ htmlInput: { min: AGE_MIN, max: AGE_MAX, step: 1, inputMode: 'numeric' } }}
          />
          <DateInput
            label={T.birthDate}
            value={form.fecha_nacimiento}
            onChange={(v) => update('fecha_nacimiento', v)}
            error={Boolean(errors.fecha_nacimiento)}
            helperText={errors.fecha_nacimiento}
            data-field="fecha_nacimiento"
            min="1900-01-01"
            max={todayIsoDate()}
          />
          <TextField select label={T.maritalStatus} {...text('estado_civil')} id="create-patient-estado-civil">
            <MenuItem value="">
              <em>{T.unspecified}</em>
            </MenuItem>
            {MARITAL_STATUSES.map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label={T.education} {...text('nivel_escolaridad')} id="create-patient-escolaridad">
            <MenuItem value="">
              <em>{T.unspecified}</em>
            </MenuItem>
            {EDUCATION_LEVELS.map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
            <TextField label={T.occupation} autoComplete="off" {...text('profesion_ocupacion')} />
          </Box>
          {children}
        </Box>
      </FormSection>
      <FormSection title={T.history}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {T.historyHint}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 1.5 }}>
          <TriStateCheckbox
            name="ha_hecho_terapia"
            label={T.hadTherapy}
            value={form.ha_hecho_terapia}
            onChange={(v) => update('ha_hecho_terapia', v)}
          />
          <TriStateCheckbox
            name="ha_hecho_psicodelicos"
            label={T.hadPsychedelics}
            value={form.ha_hecho_psicodelicos}
            onChange={(v) => update('ha_hecho_psicodelicos', v)}
          />
          <TriStateCheckbox
            name="ha_hecho_constelaciones"
            label={T.hadConstellations}
            value={form.ha_hecho_constelaciones}
            onChange={(v) => update('ha_hecho_constelaciones', v)}
          />
        </Box>
      </FormSection>
      <FormSection title={T.proposal}>
        <TextField label={T.proposal} multiline minRows={3} placeholder={T.proposalPlaceholder} {...text('propuesta_terapia')} />
      </FormSection>
      <FormSection title={T.communications}>
        <TriStateCheckbox
          name="whatsapp_mensajeria_consentimiento"
          label={consentLabel}
          value={form.whatsapp_mensajeria_consentimiento}
          onChange={(v) => update('whatsapp_mensajeria_consentimiento', v)}
          stateLabels={T.consentStates}
        />
      </FormSection>
    </>
  );
}
