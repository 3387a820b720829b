import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import Checkbox from '@mui/material/Checkbox';
import DialogContentText from '@mui/material/DialogContentText';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import {
  blankToNull,
  formatAppointmentTime,
  type Appointment,
  type AppointmentScope,
  type CancelAppointmentPayload,
} from '@consulta/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CancelReasonField } from '../../components/agenda/CancelReasonField';
import { AGENDA_TEXT } from '../../i18n/es/agenda';
import { fullName } from '../patients/patientFormat';

const T = AGENDA_TEXT.cancel;

/**
 * 'Cancelar cita': the reason (optional), whether the patient is told by mail (yes unless unticked) and, for an
 * appointment of a series, whether the later ones go too.
 */
export function CancelAppointmentDialog({
  appointment,
  zone,
  busy,
  onCancel,
  onConfirm,
}: {
  appointment: Appointment | null;
  zone: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (payload: CancelAppointmentPayload) => void;
}) {
  const [reason, setReason] = useState('');
  const [notify, setNotify] = useState(true);
  const [scope, setScope] = useState<AppointmentScope>('esta');
  const inSeries = Boolean(appointment?.serie_id);
  return (
    <ConfirmDialog
      id="cancel-appointment"
      open={Boolean(appointment)}
      title={T.title}
      action={{ label: T.confirm, busyLabel: T.confirming, color: 'error', icon: <EventBusyOutlined /> }}
      cancelLabel={T.back}
      busy={busy}
      onCancel={onCancel}
      onConfirm={() => onConfirm({ motivo: blankToNull(reason), avisar_paciente: notify, ...(inSeries ? { alcance: scope } : {}) })}
    >
      {appointment && (
        <Stack spacing={2}>
          <DialogContentText>{T.text(formatAppointmentTime(appointment.inicio, zone), fullName(appointment.paciente))}</DialogContentText>
          <CancelReasonField label={T.reason} helperText={T.reasonHelp} value={reason} onChange={setReason} />
          <FormControlLabel control={<Checkbox checked={notify} onChange={(e) => setNotify(e.target.checked)} />} label={T.notify} />
          {inSeries && (
            <FormControl>
              <FormLabel id="cancel-scope-label">{AGENDA_TEXT.scope.label}</FormLabel>
              <RadioGroup aria-labelledby="cancel-scope-label" value={scope} onChange={(e) => setScope(e.target.value as AppointmentScope)}>
                <FormControlLabel value="esta" control={<Radio />} label={AGENDA_TEXT.scope.esta} />
                <FormControlLabel value="siguientes" control={<Radio />} label={AGENDA_TEXT.scope.siguientes} />
              </RadioGroup>
            </FormControl>
          )}
        </Stack>
      )}
    </ConfirmDialog>
  );
}
