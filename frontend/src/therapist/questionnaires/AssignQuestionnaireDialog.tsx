import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  QUESTIONNAIRE_CODES,
  QUESTIONNAIRE_FREQUENCIES,
  QUESTIONNAIRE_FREQUENCY_LABELS,
  QUESTIONNAIRES,
  todayIsoDate,
  type AssignQuestionnairePayload,
  type QuestionnaireCode,
  type QuestionnaireFrequency,
  QUESTIONNAIRE_MSG,
} from '@consulta/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { QUESTIONNAIRES_TEXT } from '../../i18n/es/questionnaires';
import { DateInput } from '../../components/forms/DateFields';
import { useFieldErrors } from '../../components/forms';

const T = QUESTIONNAIRES_TEXT.assign;

/** 'Asignar cuestionario': the scale, how often, and optionally the last day it is asked. */
export function AssignQuestionnaireDialog({
  open,
  patientId,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  patientId: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (payload: AssignQuestionnairePayload) => void;
}) {
  const [codigo, setCodigo] = useState<QuestionnaireCode>('phq9');
  const [frecuencia, setFrecuencia] = useState<QuestionnaireFrequency>(14);
  const [hasta, setHasta] = useState('');
  const marks = useFieldErrors<'hasta'>();
  const confirm = () => {
    // A past last day: the field is marked and focused, and the action area says what to check.
    if (hasta && hasta < todayIsoDate()) return void marks.reveal({ hasta: QUESTIONNAIRE_MSG.until });
    onConfirm({ paciente_id: patientId, codigo, frecuencia_dias: frecuencia, hasta: frecuencia > 0 && hasta ? hasta : null });
  };
  return (
    <ConfirmDialog
      id="assign-questionnaire"
      open={open}
      title={T.title}
      action={{ label: T.submit, color: 'primary', icon: <AssignmentOutlined /> }}
      busy={busy}
      problems={marks.summary}
      onCancel={onCancel}
      onConfirm={confirm}
    >
      <Stack spacing={2.5} sx={{ pt: 1 }} {...marks.root}>
        <DialogContentText>{T.hint}</DialogContentText>
        <TextField select label={T.scale} value={codigo} onChange={(e) => setCodigo(e.target.value as QuestionnaireCode)}>
          {QUESTIONNAIRE_CODES.map((code) => (
            <MenuItem key={code} value={code}>
              {`${QUESTIONNAIRES[code].nombre} · ${QUESTIONNAIRES[code].mide}`}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={T.frequency}
          value={frecuencia}
          onChange={(e) => setFrecuencia(Number(e.target.value) as QuestionnaireFrequency)}
        >
          {QUESTIONNAIRE_FREQUENCIES.map((f) => (
            <MenuItem key={f} value={f}>
              {QUESTIONNAIRE_FREQUENCY_LABELS[f]}
            </MenuItem>
          ))}
        </TextField>
        {frecuencia > 0 && (
          <DateInput
            label={T.until}
            value={hasta}
            onChange={(v) => {
              setHasta(v);
              marks.clear('hasta');
            }}
            {...marks.field('hasta', T.untilHelp)}
          />
        )}
      </Stack>
    </ConfirmDialog>
  );
}
