import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ASKABLE_CONSENT_KINDS,
  CONSENT_FORM_LABELS,
  DEFAULT_DIAL_CODE,
  RECORDABLE_CONSENT_FORMS,
  type AskableConsentKind,
  type InitialConsent,
} from '@consulta/shared';
import { useState, type FormEvent } from 'react';
import { useFieldErrors } from '../../components/forms';
import { hasChanged } from '../../components/unsaved/hasChanged';
import { useUnsavedChanges } from '../../components/unsaved/useUnsavedChanges';
import { ConsentChoices } from '../../components/consents/ConsentChoices';
import {
  emptyCreatePatientForm,
  validateCreatePatient,
  type CreatePatientErrors,
  type CreatePatientForm,
} from '../../components/patient-profile/patientProfileForm';
import { PatientProfileFields } from '../../components/patient-profile/PatientProfileFields';
import { CONSENT_TEXT } from '../../i18n/es/consents';
import { PATIENTS_TEXT } from '../../i18n/es/patients';
import { DialogActionBar } from '../../components/DialogActionBar';
import { TitledDialog } from '../../components/TitledDialog';

const T = PATIENTS_TEXT.create;

type RecordableForm = InitialConsent['forma'];
/** The consents ticked in the dialog, each with how the patient gave it. */
export type InitialConsentChoice = Partial<Record<AskableConsentKind, RecordableForm>>;

/** The create payload's `consentimientos`, in the one order of the kinds. */
export const initialConsents = (choice: InitialConsentChoice): InitialConsent[] =>
  ASKABLE_CONSENT_KINDS.flatMap((tipo) => (choice[tipo] ? [{ tipo, forma: choice[tipo] }] : []));

/**
 * 'Nuevo Paciente': every field of the create payload with the create-patient rules, and the recording and AI
 * consents the patient already gave (recorded with the patient, so their first session can use them).
 */
export function CreatePatientDialog({
  open,
  submitting,
  dialCode = DEFAULT_DIAL_CODE,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  submitting: boolean;
  /** The practice's dial code (usePracticeDialCode): a phone starts with it. */
  dialCode?: string;
  onCancel: () => void;
  /** Answers the fields the server refused (a 400 naming them), marked as the form's own. */
  onSubmit: (form: CreatePatientForm, consents: InitialConsent[]) => Promise<CreatePatientErrors | void> | void;
}) {
  const [form, setForm] = useState<CreatePatientForm>(() => emptyCreatePatientForm(dialCode));
  const [errors, setErrors] = useState<CreatePatientErrors>({});
  const marks = useFieldErrors({ errors });
  // The practice's country may arrive after the dialog: a phone not typed yet starts with its code.
  const [seenDialCode, setSeenDialCode] = useState(dialCode);
  if (dialCode !== seenDialCode) {
    setSeenDialCode(dialCode);
    if (!form.telefono) setForm({ ...form, dialCode });
  }
  const [submitted, setSubmitted] = useState(false);
  const [consents, setConsents] = useState<InitialConsentChoice>({});
  const leave = useUnsavedChanges({
    dirty: open && !submitting && (hasChanged(form, emptyCreatePatientForm(dialCode)) || Object.values(consents).some(Boolean)),
  });
  const cancel = () => !submitting && leave.confirm(onCancel);

  const update = <K extends keyof CreatePatientForm>(key: K, value: CreatePatientForm[K]) => {
    // From the latest form: a phone typed with its code changes the code and the digits in one go.
    setForm((current) => {
      const next = { ...current, [key]: value };
      if (submitted) setErrors(validateCreatePatient(next));
      return next;
    });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const found = validateCreatePatient(form);
    setErrors(found);
    // Refused: each field marked, the first focused, what is missing said beside the button.
    if (marks.reveal(found)) return;
    const refused = await onSubmit(form, initialConsents(consents));
    if (refused && marks.reveal(refused)) setErrors(refused);
  }

  function reset() {
    setForm(emptyCreatePatientForm(dialCode));
    setErrors({});
    setSubmitted(false);
    setConsents({});
  }

  return (
    <TitledDialog
      id="create-patient"
      icon={<PersonAddAlt1Outlined color="primary" />}
      title={T.title}
      open={open}
      onClose={cancel}
      fullScreenOnPhone
      maxWidth="md"
      slotProps={{ transition: { onExited: reset } }}
    >
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'contents' }} {...marks.root}>
        <DialogContent dividers>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
            {T.intro}
          </Typography>
          <PatientProfileFields form={form} errors={errors} update={update} />
          <ConsentChoices
            title={CONSENT_TEXT.atCreationTitle}
            intro={CONSENT_TEXT.atCreationHint}
            idPrefix="create-consent"
            kinds={ASKABLE_CONSENT_KINDS}
            checked={ASKABLE_CONSENT_KINDS.filter((kind) => consents[kind])}
            onChange={(kind, ticked) => setConsents((now) => ({ ...now, [kind]: ticked ? 'escrito' : undefined }))}
            extra={(kind) => (
              <TextField
                select
                fullWidth
                size="small"
                label={CONSENT_TEXT.form}
                value={consents[kind] ?? 'escrito'}
                onChange={(e) => setConsents((now) => ({ ...now, [kind]: e.target.value as RecordableForm }))}
              >
                {RECORDABLE_CONSENT_FORMS.map((f) => (
                  <MenuItem key={f} value={f}>
                    {CONSENT_FORM_LABELS[f]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </DialogContent>
        <DialogActionBar problems={marks.summary} onCancel={cancel} busy={submitting} label={T.submit} busyLabel={T.submitting} />
      </Box>
      {leave.prompt}
    </TitledDialog>
  );
}
