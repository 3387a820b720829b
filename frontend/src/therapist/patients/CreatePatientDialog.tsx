import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type FormEvent } from 'react';
import {
  emptyCreatePatientForm,
  validateCreatePatient,
  type CreatePatientErrors,
  type CreatePatientForm,
} from '../../components/patient-profile/patientProfileForm';
import { PatientProfileFields } from '../../components/patient-profile/PatientProfileFields';
import { TEXT } from '../../i18n/es/app';
import { PATIENTS_TEXT } from '../../i18n/es/patients';

const T = PATIENTS_TEXT.create;

/** 'Nuevo Paciente': every field of the create payload with the create-patient rules. */
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
        {T.title}
      </DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogContent dividers>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
            {T.intro}
          </Typography>
          <PatientProfileFields form={form} errors={errors} update={update} />
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onCancel} disabled={submitting} color="inherit">
            {TEXT.common.cancel}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={submitting}
            startIcon={submitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {submitting ? T.submitting : T.submit}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
