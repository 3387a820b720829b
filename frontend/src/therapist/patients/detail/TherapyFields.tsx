import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { WORKSPACE_TEXT } from '../../../i18n/es/workspace';
import { FormSection } from '../../../components/patient-profile/PatientProfileFields';
import { AGENDA_TEXT } from '../../../i18n/es/agenda';
import { AppointmentsTabLink } from '../../agenda/NextAppointment';
import { RECORD_LIMITS, type PatientRecordErrors, type PatientRecordForm } from './patientRecordForm';
import { THERAPY_STATUS_OPTIONS } from './therapyStatus';
import { DateInput } from '../../../components/forms/DateFields';

const F = WORKSPACE_TEXT.patientDetail.fields;

type LongKey = 'objetivos_terapia' | 'plan_tratamiento' | 'notas_terapeuticas';
const LONG_TEXTS: { key: LongKey; label: string }[] = [
  { key: 'objetivos_terapia', label: F.goals },
  { key: 'plan_tratamiento', label: F.plan },
  { key: 'notas_terapeuticas', label: F.notes },
];

/**
 * The therapy part of the record form: admission, status, service, goals, plan and notes; the next appointment shown
 * read-only (the agenda answers it: it is changed in the patient's 'Citas').
 */
export function TherapyFields({
  form,
  errors,
  update,
  patientId,
  nextAppointment,
}: {
  form: PatientRecordForm;
  errors: PatientRecordErrors;
  update: <K extends keyof PatientRecordForm>(key: K, value: PatientRecordForm[K]) => void;
  patientId: string;
  /** The agenda's next appointment of the patient, as told ('No programada' when none). */
  nextAppointment: string;
}) {
  const field = (key: keyof PatientRecordForm) => ({
    value: form[key] as string,
    onChange: (e: { target: { value: string } }) => update(key, e.target.value),
    error: Boolean(errors[key]),
    helperText: errors[key],
    'data-field': key,
    fullWidth: true,
  });
  return (
    <FormSection title={WORKSPACE_TEXT.patientDetail.therapySection}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <DateInput
          label={F.admissionDate}
          value={form.fecha_ingreso}
          onChange={(v) => update('fecha_ingreso', v)}
          error={Boolean(errors.fecha_ingreso)}
          helperText={errors.fecha_ingreso}
          data-field="fecha_ingreso"
        />
        <TextField select required label={F.therapyStatus} id="patient-record-estado-terapia" {...field('estado_terapia')}>
          {THERAPY_STATUS_OPTIONS.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={F.serviceType}
          autoComplete="off"
          {...field('tipo_servicio')}
          slotProps={{ htmlInput: { maxLength: RECORD_LIMITS.serviceType } }}
        />
        <TextField
          label={F.nextAppointment}
          value={nextAppointment}
          fullWidth
          helperText={
            <>
              {AGENDA_TEXT.patientRecord.nextAppointmentHint} <AppointmentsTabLink patientId={patientId} />
            </>
          }
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        {LONG_TEXTS.map(({ key, label }) => (
          <TextField
            key={key}
            label={label}
            multiline
            minRows={3}
            {...field(key)}
            sx={{ gridColumn: { sm: '1 / -1' } }}
            slotProps={{ htmlInput: { maxLength: RECORD_LIMITS.longText } }}
          />
        ))}
      </Box>
    </FormSection>
  );
}
