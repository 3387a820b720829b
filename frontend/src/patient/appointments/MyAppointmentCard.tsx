import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACTIVE_APPOINTMENT_STATES, APPOINTMENT_MODE_LABELS, formatAppointmentTime, type PatientAppointment } from '@consulta/shared';
import { AppointmentPlace } from '../../components/agenda/AppointmentPlace';
import { AppointmentStateChip } from '../../components/agenda/AppointmentStateChip';
import { MY_APPOINTMENTS_TEXT as T } from '../../i18n/es/agenda';

/**
 * One of the patient's appointments: when (in the therapist's zone), how long, how and where, with whom, its state;
 * 'Confirmar' and 'Cancelar' while the server allows them, else why not.
 */
export function MyAppointmentCard({
  appointment,
  zone,
  cancelHours,
  now,
  confirming,
  onConfirm,
  onCancel,
}: {
  appointment: PatientAppointment;
  zone: string;
  cancelHours: number;
  /** When the list was read (what is still upcoming). */
  now: number;
  confirming: boolean;
  onConfirm: (appointment: PatientAppointment) => void;
  onCancel: (appointment: PatientAppointment) => void;
}) {
  const active = (ACTIVE_APPOINTMENT_STATES as readonly string[]).includes(appointment.estado);
  const upcoming = new Date(appointment.inicio).getTime() > now;
  const when = formatAppointmentTime(appointment.inicio, zone);
  return (
    <Card component="li" sx={{ listStyle: 'none', p: { xs: 2, sm: 2.5 } }} data-testid="my-appointment" aria-label={when}>
      <Stack direction="row" useFlexGap sx={{ justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1.05rem', '&::first-letter': { textTransform: 'uppercase' } }}>
            {when}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {T.duration(appointment.duracion_minutos)} · {APPOINTMENT_MODE_LABELS[appointment.modalidad]} ·{' '}
            {T.with(appointment.terapeuta_nombre)}
          </Typography>
        </Box>
        <AppointmentStateChip state={appointment.estado} />
      </Stack>
      {appointment.lugar_o_enlace && (
        <Box sx={{ mt: 1 }}>
          <AppointmentPlace place={appointment.lugar_o_enlace} linkLabel={T.openLinkLabel} />
        </Box>
      )}
      {appointment.estado === 'cancelada' && appointment.cancelada_por && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {T.cancelledBy[appointment.cancelada_por]}
        </Typography>
      )}
      {appointment.estado === 'confirmada' && upcoming && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {T.confirmedOn}
        </Typography>
      )}
      {(appointment.puede_confirmar || appointment.puede_cancelar) && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2, '& .MuiButton-root': { minHeight: 44 } }}>
          {appointment.puede_confirmar && (
            <Button
              variant="contained"
              startIcon={confirming ? <CircularProgress size={16} color="inherit" /> : <CheckCircleOutlined />}
              onClick={() => onConfirm(appointment)}
              disabled={confirming}
            >
              {confirming ? T.confirming : T.confirm}
            </Button>
          )}
          {appointment.puede_cancelar && (
            <Button variant="outlined" color="error" startIcon={<EventBusyOutlined />} onClick={() => onCancel(appointment)}>
              {T.cancel}
            </Button>
          )}
        </Stack>
      )}
      {active && upcoming && !appointment.puede_cancelar && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mt: 1.5, display: 'flex', gap: 0.75, alignItems: 'flex-start' }}
          data-testid="too-late-note"
        >
          <InfoOutlined fontSize="small" aria-hidden sx={{ mt: '1px' }} />
          {T.tooLate(cancelHours)}
        </Typography>
      )}
    </Card>
  );
}
