import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { formatAppointmentTime, type AppointmentConflict } from '@consulta/shared';
import { AGENDA_TEXT } from '../../i18n/es/agenda';
import { fullName } from '../patients/patientFormat';

const T = AGENDA_TEXT.overlap;

/** A save refused because the time is taken: what is there (start and patient), and 'Guardar igualmente'. */
export function OverlapAlert({
  conflicts,
  zone,
  busy,
  onSaveAnyway,
}: {
  conflicts: readonly AppointmentConflict[];
  zone: string;
  busy: boolean;
  onSaveAnyway: () => void;
}) {
  return (
    <Alert severity="warning" data-testid="overlap-alert" sx={{ mb: 2, '& .MuiAlert-message': { width: '100%' } }} role="alert">
      <AlertTitle sx={{ fontWeight: 700 }}>{T.title}</AlertTitle>
      {T.text}
      <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
        {conflicts.map((c) => (
          <li key={c.id}>{T.item(formatAppointmentTime(c.inicio, zone), fullName(c.paciente))}</li>
        ))}
      </Box>
      <Button variant="outlined" color="inherit" size="small" onClick={onSaveAnyway} disabled={busy}>
        {T.saveAnyway}
      </Button>
    </Alert>
  );
}
