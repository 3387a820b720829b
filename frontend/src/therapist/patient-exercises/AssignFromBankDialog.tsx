import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import DialogContent from '@mui/material/DialogContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PATIENT_DETAIL_EXERCISES_TEXT } from '../../i18n/es/patient-detail-exercises';
import { DialogActionBar } from '../../components/DialogActionBar';
import { useFieldErrors } from '../../components/forms';
import { TitledDialog } from '../../components/TitledDialog';

const T = PATIENT_DETAIL_EXERCISES_TEXT.assign;

export interface BankOption {
  id: string;
  label: string;
}

export interface AssignFromBankDialogProps {
  /** Prefix of the element ids. */
  id: string;
  title: string;
  intro: string;
  label: string;
  /** The bank's items the patient does not have yet; undefined while they load. */
  options: readonly BankOption[] | undefined;
  /** Set when the bank could not be loaded. */
  loadError: string | null;
  emptyText: string;
  /** Shown when 'Asignar' is pressed with nothing chosen. */
  requiredMessage: string;
  submitting: boolean;
  onClose: () => void;
  onAssign: (optionId: string) => void;
}

/** 'Asignar Ejercicio' / 'Asignar Módulo': one select over the bank and 'Asignar'. The caller mounts it anew on each opening. */
export function AssignFromBankDialog(props: AssignFromBankDialogProps) {
  const { id, title, intro, label, options, loadError, emptyText, requiredMessage, submitting, onClose, onAssign } = props;
  const [choice, setChoice] = useState('');
  const marks = useFieldErrors<'choice'>();

  function submit() {
    // Nothing chosen: the select is marked and focused, and the action area says what is missing.
    if (!choice) {
      marks.reveal({ choice: requiredMessage });
      return;
    }
    onAssign(choice);
  }

  let body;
  if (loadError) body = <Alert severity="error">{loadError}</Alert>;
  else if (!options)
    body = (
      <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center', py: 2, color: 'text.secondary' }}>
        <CircularProgress size={20} />
        <Typography>{T.loadingOptions}</Typography>
      </Stack>
    );
  else if (options.length === 0) body = <Alert severity="info">{emptyText}</Alert>;
  else
    body = (
      <TextField
        select
        fullWidth
        id={`${id}-select`}
        label={label}
        value={choice}
        onChange={(event) => {
          setChoice(event.target.value);
          marks.clear('choice');
        }}
        {...marks.field('choice', ' ')}
      >
        {options.map((o) => (
          <MenuItem key={o.id} value={o.id} sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
    );

  return (
    <TitledDialog id={id} title={title} open onClose={() => !submitting && onClose()} fullScreenOnPhone maxWidth="sm">
      <DialogContent dividers {...marks.root}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
          {intro}
        </Typography>
        {body}
      </DialogContent>
      <DialogActionBar
        problems={marks.summary}
        onCancel={onClose}
        busy={submitting}
        disabled={!options || options.length === 0}
        onSubmit={submit}
        label={T.submit}
        busyLabel={T.submitting}
      />
    </TitledDialog>
  );
}
