import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MSG, type PatientDetail } from '@consulta/shared';
import { useRef, useState, type FormEvent } from 'react';
import { errorCode, serverDetail } from '../../../app/core/http';
import { reportError } from '../../../app/core/reportError';
import { SubmitButton } from '../../../components/SubmitButton';
import { hasChanged } from '../../../components/unsaved/hasChanged';
import { useUnsavedChanges } from '../../../components/unsaved/useUnsavedChanges';
import { toast, toastSuccess } from '../../../components/toast/toastStore';
import { WORKSPACE_TEXT } from '../../../i18n/es/workspace';
import { PatientProfileFields } from '../../../components/patient-profile/PatientProfileFields';
import { useUpdatePatient } from '../patientQueries';
import { hasErrors, toForm, toPayload, validate, type PatientRecordErrors, type PatientRecordForm } from './patientRecordForm';
import { nextAppointmentText } from '../../agenda/NextAppointment';
import { TherapyFields } from './TherapyFields';

const T = WORKSPACE_TEXT.patientDetail;

/**
 * The patient-info tab in edit mode: 'Cancelar' discards (asking first when something changed; so does leaving the
 * page), 'Guardar cambios' sends only what changed.
 */
export function PatientInfoForm({ patient, zone, onDone }: { patient: PatientDetail; zone: string; onDone: () => void }) {
  // The record as it was when editing started: what the therapist changes is measured against it.
  const [initial] = useState(() => toForm(patient));
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<PatientRecordErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { mutateAsync, isPending } = useUpdatePatient(patient.id);
  const leave = useUnsavedChanges({ dirty: !isPending && hasChanged(form, initial) });

  // One setter for the shared profile fields and the therapy fields.
  const update = (key: keyof PatientRecordForm, value: PatientRecordForm[keyof PatientRecordForm]) => {
    const next = { ...form, [key]: value };
    setForm(next);
    if (submitted) setErrors(validate(next, initial));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    const found = validate(form, initial);
    setErrors(found);
    if (hasErrors(found)) {
      // The first field to fix may be far above the buttons.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const payload = toPayload(form, initial);
    if (Object.keys(payload).length === 0) {
      toast({ title: MSG.patientRecord.nothingToUpdate, variant: 'info' });
      onDone();
      return;
    }
    try {
      await mutateAsync(payload);
      toastSuccess(MSG.patientRecord.updated);
      onDone();
    } catch (error) {
      if (errorCode(error) === 'VALIDATION') setServerError(serverDetail(error));
      reportError(error, MSG.patientRecord.updateFailed);
    }
  }

  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.25, sm: 3 } }}>
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          ref={formRef}
          aria-labelledby="patient-record-title"
          data-testid="patient-record-form"
        >
          <Typography id="patient-record-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            {T.editTitle}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2.5 }}>
            {T.editHint}
          </Typography>
          {serverError && (
            <Alert severity="error" sx={{ mb: 2.5 }}>
              {serverError}
            </Alert>
          )}
          <TextField
            label={T.fields.email}
            value={patient.email}
            helperText={T.emailReadOnly}
            fullWidth
            sx={{ mb: 3 }}
            slotProps={{ htmlInput: { readOnly: true } }}
          />
          <PatientProfileFields form={form} errors={errors} update={update} email={false} />
          <TherapyFields
            form={form}
            errors={errors}
            update={update}
            patientId={patient.id}
            nextAppointment={nextAppointmentText(patient.proxima_cita, zone, T.missing.notScheduled)}
          />
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', mt: 3, flexWrap: 'wrap', rowGap: 1.5 }}>
            <Button color="inherit" onClick={() => leave.confirm(onDone)} disabled={isPending}>
              {T.cancel}
            </Button>
            <SubmitButton busy={isPending} label={T.save} busyLabel={T.saving} size="medium" />
          </Stack>
        </Box>
        {leave.prompt}
      </CardContent>
    </Card>
  );
}
