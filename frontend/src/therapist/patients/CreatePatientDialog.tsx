import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { AGE_MAX, AGE_MIN, DIAL_CODES, EDUCATION_LEVELS, MARITAL_STATUSES, PHONE_MAX_DIGITS } from '@consulta/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { TriStateCheckbox } from '../../components/TriStateCheckbox';
import { todayIsoDate } from '../../i18n/format';
import {
  BLOCKED_AGE_KEYS,
  digitsOnly,
  emptyCreatePatientForm,
  validateCreatePatient,
  type CreatePatientErrors,
  type CreatePatientForm,
} from './createPatientForm';

export const CONSENT_TEXT =
  'El paciente acepta recibir mensajes de WhatsApp relacionados con la facturación y las comunicaciones sobre su tratamiento.';

function Section({ title, children }: { title: string; children: ReactNode }) {
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

/** 'Nuevo Paciente': every field of the create payload (spec 1 §3) with the rules of spec 1 §5. */
export function CreatePatientDialog({
  open,
  submitting,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  submitting: boolean;
  onCancel: () => void;
  onSubmit: (form: CreatePatientForm) => void;
}) {
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const [form, setForm] = useState<CreatePatientForm>(emptyCreatePatientForm);
  const [errors, setErrors] = useState<CreatePatientErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const update = <K extends keyof CreatePatientForm>(key: K, value: CreatePatientForm[K]) => {
    const next = { ...form, [key]: value };
    setForm(next);
    if (submitted) setErrors(validateCreatePatient(next));
  };

  const text = (key: keyof CreatePatientForm) => ({
    value: form[key] as string,
    onChange: (e: { target: { value: string } }) => update(key, e.target.value as never),
    error: Boolean(errors[key]),
    helperText: errors[key],
    fullWidth: true,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const found = validateCreatePatient(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onSubmit(form);
  }

  function reset() {
    setForm(emptyCreatePatientForm());
    setErrors({});
    setSubmitted(false);
  }

  return (
    <Dialog
      open={open}
      onClose={(_e, reason) => {
        if (submitting || reason === 'backdropClick') return;
        onCancel();
      }}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      aria-labelledby="create-patient-title"
      slotProps={{ transition: { onExited: reset } }}
    >
      <DialogTitle id="create-patient-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
        <PersonAddAlt1Outlined color="primary" />
        Nuevo Paciente
      </DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogContent dividers>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
            Los campos marcados con * son obligatorios. Al crear el paciente se genera una contraseña temporal que
            deberá cambiar en su primer inicio de sesión.
          </Typography>
          <Section title="Datos personales">
            <Box sx={grid}>
              <TextField label="Nombre" required autoFocus autoComplete="off" {...text('nombre')} />
              <TextField label="Apellido" required autoComplete="off" {...text('apellido')} />
              <TextField label="Email" type="email" required autoComplete="off" {...text('email')} />
              <Box sx={{ display: 'grid', gridTemplateColumns: '108px 1fr', gap: 1 }}>
                <TextField
                  select
                  label="Código"
                  value={form.dialCode}
                  onChange={(e) => update('dialCode', e.target.value)}
                  slotProps={{
                    select: {
                      renderValue: (code) => String(code),
                      MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } },
                    },
                  }}
                  id="create-patient-dial-code"
                >
                  {DIAL_CODES.map((d) => (
                    <MenuItem key={d.code} value={d.code}>
                      {d.code} {d.country}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  label="Teléfono"
                  required
                  type="tel"
                  autoComplete="off"
                  value={form.telefono}
                  onChange={(e) => update('telefono', digitsOnly(e.target.value).slice(0, PHONE_MAX_DIGITS + 3))}
                  error={Boolean(errors.telefono)}
                  helperText={errors.telefono ?? 'Sin código de país, solo dígitos'}
                  slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
                />
              </Box>
              <TextField
                label="Edad"
                type="number"
                {...text('edad')}
                onKeyDown={(e) => {
                  if (BLOCKED_AGE_KEYS.includes(e.key)) e.preventDefault();
                }}
                slotProps={{ htmlInput: { min: AGE_MIN, max: AGE_MAX, step: 1, inputMode: 'numeric' } }}
              />
              <TextField
                label="Fecha de nacimiento"
                type="date"
                {...text('fecha_nacimiento')}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: todayIsoDate() } }}
              />
              <TextField select label="Estado civil" {...text('estado_civil')} id="create-patient-estado-civil">
                <MenuItem value="">
                  <em>Sin especificar</em>
                </MenuItem>
                {MARITAL_STATUSES.map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                ))}
              </TextField>
              <TextField select label="Nivel de escolaridad" {...text('nivel_escolaridad')} id="create-patient-escolaridad">
                <MenuItem value="">
                  <em>Sin especificar</em>
                </MenuItem>
                {EDUCATION_LEVELS.map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                ))}
              </TextField>
              <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
                <TextField label="Profesión u ocupación" autoComplete="off" {...text('profesion_ocupacion')} />
              </Box>
            </Box>
          </Section>
          <Section title="Historial terapéutico">
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              Deja una casilla en «Sin especificar» si aún no conoces la respuesta.
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 1.5 }}>
              <TriStateCheckbox
                name="ha_hecho_terapia"
                label="¿Ha hecho terapia antes?"
                value={form.ha_hecho_terapia}
                onChange={(v) => update('ha_hecho_terapia', v)}
              />
              <TriStateCheckbox
                name="ha_hecho_psicodelicos"
                label="¿Ha tenido experiencias con psicodélicos?"
                value={form.ha_hecho_psicodelicos}
                onChange={(v) => update('ha_hecho_psicodelicos', v)}
              />
              <TriStateCheckbox
                name="ha_hecho_constelaciones"
                label="¿Ha participado en constelaciones familiares?"
                value={form.ha_hecho_constelaciones}
                onChange={(v) => update('ha_hecho_constelaciones', v)}
              />
            </Box>
          </Section>
          <Section title="Propuesta de terapia">
            <TextField
              label="Propuesta de terapia"
              multiline
              minRows={3}
              placeholder="Motivo de consulta y enfoque propuesto"
              {...text('propuesta_terapia')}
            />
          </Section>
          <Section title="Comunicaciones">
            <TriStateCheckbox
              name="whatsapp_mensajeria_consentimiento"
              label={CONSENT_TEXT}
              value={form.whatsapp_mensajeria_consentimiento}
              onChange={(v) => update('whatsapp_mensajeria_consentimiento', v)}
              stateLabels={{ null: 'Sin respuesta (se guarda como no)', true: 'Acepta', false: 'No acepta' }}
            />
          </Section>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onCancel} disabled={submitting} color="inherit">
            Cancelar
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={submitting}
            startIcon={submitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {submitting ? 'Creando...' : 'Crear paciente'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
