import RepeatOutlined from '@mui/icons-material/RepeatOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { APPOINTMENT_MODE_LABELS, formatAppointmentTime, type Appointment } from '@consulta/shared';
import { AppointmentPlace } from '../../components/agenda/AppointmentPlace';
import { AGENDA_TEXT, MY_APPOINTMENTS_TEXT } from '../../i18n/es/agenda';

const D = AGENDA_TEXT.dialog;

/** What is known of an existing appointment: when and how, its series, the patient's confirmation, the reminder, a cancellation. */
export function AppointmentFacts({ appointment, zone }: { appointment: Appointment; zone: string }) {
  const notes = [
    appointment.serie_id ? D.seriesNote : null,
    appointment.confirmada_en ? D.confirmedAt(formatAppointmentTime(appointment.confirmada_en, zone)) : null,
    appointment.recordatorio_enviado_en ? D.reminderAt(formatAppointmentTime(appointment.recordatorio_enviado_en, zone)) : null,
    appointment.cancelada_por ? D.cancelledBy[appointment.cancelada_por] : null,
    appointment.motivo_cancelacion ? D.cancelReason(appointment.motivo_cancelacion) : null,
  ].filter((n): n is string => n !== null);
  return (
    <Box sx={{ mb: 2 }} data-testid="appointment-facts">
      <Typography sx={{ fontWeight: 700, '&::first-letter': { textTransform: 'uppercase' } }}>
        {formatAppointmentTime(appointment.inicio, zone)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {AGENDA_TEXT.duration(appointment.duracion_minutos)} · {APPOINTMENT_MODE_LABELS[appointment.modalidad]}
      </Typography>
      {appointment.lugar_o_enlace && (
        <Box sx={{ mt: 0.5 }}>
          <AppointmentPlace place={appointment.lugar_o_enlace} linkLabel={MY_APPOINTMENTS_TEXT.openLinkLabel} />
        </Box>
      )}
      {notes.length > 0 && (
        <Stack spacing={0.25} sx={{ mt: 1 }}>
          {notes.map((note) => (
            <Typography key={note} variant="body2" color="text.secondary" sx={{ display: 'flex', gap: 0.75, alignItems: 'center' }}>
              {note === D.seriesNote && <RepeatOutlined fontSize="small" aria-hidden />}
              {note}
            </Typography>
          ))}
        </Stack>
      )}
    </Box>
  );
}
