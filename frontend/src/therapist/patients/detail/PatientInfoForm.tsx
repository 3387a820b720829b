import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MSG, type PatientDetail } from '@consulta/shared';
import { useState, type FormEvent } from 'react';
import { reportError } from '../../../app/core/reportError';
import { FormProblems, serverFieldErrors, useFieldErrors } from '../../../components/forms';
import { SubmitButton } from '../../../components/SubmitButton';
import { hasChanged } from '../../../components/unsaved/hasChanged';
import { useUnsavedChanges } from '../../../components/unsaved/useUnsavedChanges';
import { toast, toastSuccess } from '../../../components/toast/toastStore';
import { WORKSPACE_TEXT } from '../../../i18n/es/workspace';
import { PatientProfileFields } from '../../../components/patient-profile/PatientProfileFields';
import { useUpdatePatient } from '../patientQueries';
import { usePracticeDialCode } from '../../profile/profileQueries';
import { toForm, toPayload, validate, type PatientRecordErrors, type PatientRecordForm } from './patientRecordForm';
import { nextAppointmentText } from '../../agenda/NextAppointment';
import { TherapyFields } from './TherapyFields';

const T = WORKSPACE_TEXT.patientDetail;

/**
 * The patient-info tab in edit mode: 'Cancelar' discards (asking first when something changed; so does leaving the
 * page), 'Guardar cambios' sends only what changed.
 */
export function PatientInfoForm({ patient, zone, onDone }: { patient: PatientDetail; zone: string; onDone: () => void }) {
  const dialCode = usePracticeDialCode();
  // The record as it was when editing started: what the therapist changes is measured against it.
  const [initial, setInitial] = useState(() => toForm(patient, dialCode));
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<PatientRecordErrors>({});
  const marks = useFieldErrors({ errors });
  const [submitted, setSubmitted] = useState(false);
  // The practice's country may arrive after the form: a phone not typed yet starts with its code.
  const [seenDialCode, setSeenDialCode] = useState(dialCode);
  if (dialCode !== seenDialCode) {
    setSeenDialCode(dialCode);
    if (!initial.telefono) setInitial({ ...initial, dialCode });
    if (!form.telefono) setForm({ ...form, dialCode });
  }
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
    const found = validate(form, initial);
    setErrors(found);
    // Refused: each field marked, the first (maybe far above the buttons) focused, what is missing said beside them.
    if (marks.reveal(found)) return;
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
      const refused = serverFieldErrors<keyof PatientRecordForm>(error, Object.keys(initial) as (keyof PatientRecordForm)[], {
        telefono_paciente: 'telefono',
      });
      if (marks.reveal(refused)) setErrors(refused);
      else reportError(error, MSG.patientRecord.updateFailed);
    }
  }

  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.25, sm: 3 } }}>
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          {...marks.root}
          aria-labelledby="patient-record-title"
          data-testid="patient-record-form"
        >
          <Typography id="patient-record-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            {T.editTitle}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2.5 }}>
            {T.editHint}
          </Typography>
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
            <FormProblems summary={marks.summary} sx={{ flexBasis: '100%', m: 0 }} />
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
